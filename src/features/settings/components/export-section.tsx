import { useAuthToken } from "@convex-dev/auth/react";
import { useMutation, useQuery } from "convex/react";
import { useEffect, useState } from "react";
import { api } from "@convex/_generated/api";
import { STALLED_AFTER_MS } from "@convex/shared/data-export";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorText } from "@/lib/error-text";
import { formatTimeOfDay } from "@/lib/format";
import { withFailureToast, ignoreShownFailure } from "@/lib/show-failure";
import { exportView, type ExportRow, fetchExport, formatFileSize, saveBlob } from "../data-export";

/**
 * "Download my data" (issue 30): starts an export, shows its progress live from the server's
 * row, then a download button while the link works (an hour), then says it expired. The ZIP is
 * fetched with the person's token (the route refuses anyone else) and saved from memory.
 */
export function ExportSection() {
  const row = useQuery(api.dataExport.mine, {});
  const start = useMutation(api.dataExport.start);
  const token = useAuthToken();
  const now = useNowUntilChange(row ?? null);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const view = row === undefined ? null : exportView(row, now);

  async function handleStart() {
    setStarting(true);
    setDownloadError(null);
    try {
      await withFailureToast(() => start({}), "Could not start collecting your data. Please try again.");
    } catch {
      ignoreShownFailure();
    } finally {
      setStarting(false);
    }
  }

  async function handleDownload(exportId: string, finishedAt: number) {
    if (token === null) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      saveBlob(await fetchExport(exportId, token), finishedAt);
    } catch (error) {
      setDownloadError(errorText(error, "The download failed. Please try again."));
    } finally {
      setDownloading(false);
    }
  }

  const startButton = (
    <Button variant="primary" loading={starting || view === null} onClick={() => void handleStart()}>
      Download my data
    </Button>
  );

  return (
    <Card as="section" aria-labelledby="export-section-title">
      <h2 id="export-section-title" className="text-lg font-semibold text-fg">
        Download my data
      </h2>
      <p className="mt-2 text-sm text-fg-muted">
        A ZIP file of everything you wrote or uploaded: your profile, books, posts, comments, likes, friends, messages,
        Duma decks and images. The download link works for an hour once it is ready.
      </p>
      <div className="mt-4" aria-live="polite">
        {view === null || view.kind === "none" ? startButton : null}
        {view?.kind === "running" ? <ExportProgress label={view.label} progress={view.progress} /> : null}
        {view?.kind === "ready" && row ? (
          <div className="space-y-2">
            <p className="text-sm text-fg">
              Your data is ready. The link works until {formatTimeOfDay(view.expiresAt)}.
            </p>
            <Button
              variant="primary"
              loading={downloading}
              loadingLabel="Downloading…"
              onClick={() => void handleDownload(row._id, view.finishedAt)}
            >
              Download (ZIP, {formatFileSize(view.size)})
            </Button>
          </div>
        ) : null}
        {view?.kind === "expired" ? (
          <div className="space-y-2">
            <p className="text-sm text-fg-muted">Your last download link has expired. Make a new export.</p>
            {startButton}
          </div>
        ) : null}
        {view?.kind === "failed" ? (
          <div className="space-y-2">
            <p className="text-sm text-danger">{view.error}</p>
            {startButton}
          </div>
        ) : null}
      </div>
      {downloadError !== null ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {downloadError}
        </p>
      ) : null}
    </Card>
  );
}

function ExportProgress({ label, progress }: { label: string; progress: number }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-fg">{label}</p>
      <div
        role="progressbar"
        aria-label="Collecting your data"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-surface-strong"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/**
 * The current time, renewed when the export's state changes by the clock alone: the link's
 * expiry, or a running export going silent. No timer runs otherwise.
 */
function useNowUntilChange(row: ExportRow | null): number {
  const [now, setNow] = useState(() => Date.now());
  const deadline =
    row === null
      ? null
      : row.status === "done"
        ? row.expiresAt
        : row.status === "running"
          ? row.updatedAt + STALLED_AFTER_MS
          : null;
  useEffect(() => {
    setNow(Date.now());
    if (deadline === null) return;
    const wait = deadline - Date.now();
    if (wait <= 0) return;
    // setTimeout holds at most ~24.8 days; an hour is far below.
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [deadline, row]);
  return now;
}
