/**
 * "Download my data" on the settings screen (issue 30): which state the section shows for the
 * server's row at a given time, and the texts it builds.
 */
import { describe, expect, test } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { DOWNLOAD_VALID_MS, STALLED_AFTER_MS } from "../../convex/shared/data-export";
import {
  exportView,
  type ExportRow,
  formatFileSize,
  progressLabel,
  STOPPED_TEXT,
} from "../../src/features/settings/data-export";

const T0 = Date.UTC(2026, 2, 4, 8, 0);

function row(fields: Partial<ExportRow>): ExportRow {
  return {
    _id: "export1" as Id<"dataExports">,
    status: "running",
    stage: "posts",
    progress: 40,
    size: null,
    error: null,
    startedAt: T0,
    updatedAt: T0,
    finishedAt: null,
    expiresAt: null,
    ...fields,
  };
}

describe("exportView", () => {
  test("no export yet", () => {
    expect(exportView(null, T0)).toEqual({ kind: "none" });
  });

  test("running: what is being collected and how far", () => {
    expect(exportView(row({}), T0 + 1_000)).toEqual({
      kind: "running",
      label: "Collecting your posts… 40%",
      progress: 40,
    });
  });

  test("running but silent for too long reads as stopped, so a new one can be started", () => {
    expect(exportView(row({}), T0 + STALLED_AFTER_MS + 1)).toEqual({ kind: "failed", error: STOPPED_TEXT });
  });

  test("ready for an hour after it finished, then expired", () => {
    const done = row({ status: "done", size: 3_200_000, finishedAt: T0, expiresAt: T0 + DOWNLOAD_VALID_MS });
    expect(exportView(done, T0 + DOWNLOAD_VALID_MS - 1)).toMatchObject({ kind: "ready", size: 3_200_000 });
    expect(exportView(done, T0 + DOWNLOAD_VALID_MS)).toEqual({ kind: "expired" });
  });

  test("failed shows the server's message", () => {
    expect(exportView(row({ status: "failed", error: "Something broke." }), T0)).toEqual({
      kind: "failed",
      error: "Something broke.",
    });
  });
});

describe("texts", () => {
  test("progress labels name the stage", () => {
    expect(progressLabel("bookComments", 30)).toBe("Collecting your comments on books… 30%");
    expect(progressLabel("saving", 98)).toBe("Saving the ZIP file… 98%");
    expect(progressLabel("unknown", 5)).toBe("Collecting your data… 5%");
  });

  test("file sizes", () => {
    expect(formatFileSize(900)).toBe("900 bytes");
    expect(formatFileSize(480_000)).toBe("480 KB");
    expect(formatFileSize(3_240_000)).toBe("3.2 MB");
  });
});
