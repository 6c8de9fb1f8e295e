/**
 * The "Download my data" section (issue 30) for each state of the person's export, live from
 * the server's row, and the download with the person's token.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { DOWNLOAD_VALID_MS } from "../../convex/shared/data-export";
import { ExportSection } from "../../src/features/settings/components/export-section";
import type { ExportRow } from "../../src/features/settings/data-export";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
vi.mock("sonner", () => ({ toast }));
vi.mock("@convex-dev/auth/react", () => ({ useAuthToken: () => "the-token" }));
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(fields: Partial<ExportRow>): ExportRow {
  const now = Date.now();
  return {
    _id: "export1" as Id<"dataExports">,
    status: "running",
    stage: "posts",
    progress: 40,
    size: null,
    error: null,
    startedAt: now,
    updatedAt: now,
    finishedAt: null,
    expiresAt: null,
    ...fields,
  };
}

const section = () => screen.getByRole("region", { name: "Download my data" });

describe("ExportSection", () => {
  test("starts an export; a refusal is shown", async () => {
    convex.onQuery(api.dataExport.mine, null);
    convex
      .mutation(api.dataExport.start)
      .mockRejectedValueOnce(new ConvexError("Your data is already being collected."));
    renderWithApp(<ExportSection />);
    await userEvent.click(within(section()).getByRole("button", { name: "Download my data" }));
    expect(convex.mutation(api.dataExport.start)).toHaveBeenCalledWith({});
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Your data is already being collected."));
  });

  test("shows progress live while the data is collected", () => {
    convex.onQuery(api.dataExport.mine, row({}));
    renderWithApp(<ExportSection />);
    expect(within(section()).getByText("Collecting your posts… 40%")).toBeInTheDocument();
    expect(within(section()).getByRole("progressbar", { name: "Collecting your data" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    expect(within(section()).queryByRole("button")).toBeNull();
    convex.onQuery(api.dataExport.mine, row({ stage: "images", progress: 80 }));
    expect(within(section()).getByText("Collecting your images… 80%")).toBeInTheDocument();
  });

  test("ready: downloads the ZIP with the person's token and saves it", async () => {
    const finishedAt = Date.now();
    convex.onQuery(
      api.dataExport.mine,
      row({ status: "done", progress: 100, size: 3_200_000, finishedAt, expiresAt: finishedAt + DOWNLOAD_VALID_MS }),
    );
    const fetchMock = vi.fn(async () => new Response("zip", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const createObjectURL = vi.fn(() => "blob:zip");
    const originals = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithApp(<ExportSection />);
    await userEvent.click(within(section()).getByRole("button", { name: "Download (ZIP, 3.2 MB)" }));
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\/data-export\?id=export1$/), {
      headers: { Authorization: "Bearer the-token" },
    });
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
    Object.assign(URL, originals);
  });

  test("a refused download says why", async () => {
    const finishedAt = Date.now();
    convex.onQuery(
      api.dataExport.mine,
      row({ status: "done", progress: 100, size: 3_000, finishedAt, expiresAt: finishedAt + DOWNLOAD_VALID_MS }),
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("This download link has expired. Make a new export.", { status: 410 })),
    );
    renderWithApp(<ExportSection />);
    await userEvent.click(within(section()).getByRole("button", { name: "Download (ZIP, 3 KB)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This download link has expired. Make a new export.");
  });

  test("expired and failed exports offer a new one", () => {
    const finishedAt = Date.now() - DOWNLOAD_VALID_MS - 1;
    convex.onQuery(
      api.dataExport.mine,
      row({ status: "done", size: 3_000, finishedAt, expiresAt: finishedAt + DOWNLOAD_VALID_MS }),
    );
    renderWithApp(<ExportSection />);
    expect(within(section()).getByText("Your last download link has expired. Make a new export.")).toBeInTheDocument();
    expect(within(section()).getByRole("button", { name: "Download my data" })).toBeInTheDocument();
    convex.onQuery(api.dataExport.mine, row({ status: "failed", error: "Something went wrong." }));
    expect(within(section()).getByText("Something went wrong.")).toBeInTheDocument();
    expect(within(section()).getByRole("button", { name: "Download my data" })).toBeInTheDocument();
  });
});
