import { usePaginatedQuery } from "convex/react";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { TimeAgo } from "@/components/ui/time-ago";
import { api } from "@convex/_generated/api";
import type { ModerationAction } from "@convex/shared/moderation-validators";
import { KIND_LABELS, type LogRow, sectionHeading, suspensionEndText } from "../moderation-types";

const PAGE_SIZE = 15;

const VERBS: Record<ModerationAction, string> = {
  remove: "removed",
  dismiss: "dismissed reports of",
  suspend: "suspended",
  lift: "lifted the suspension of",
  grant: "gave a role to",
  revoke: "took the role of",
};

/** What the action was about, in words: the item (with its summary) or the person. */
function objectOf(row: LogRow): string {
  const item = row.target
    ? `${KIND_LABELS[row.target.kind].toLowerCase()}${row.summary ? ` “${row.summary}”` : ""}`
    : "";
  // A removal without an item is "Remove all content of this person" (its start, then its count).
  if (row.action === "remove" && !row.target && row.subject) return `all content of ${row.subject.displayName}`;
  if (row.action === "remove" || row.action === "dismiss") return item || "an item";
  return row.subject?.displayName ?? "someone";
}

/** The stored detail, with a suspension's end ("until <ISO time>") in the reader's time zone. */
function detailText(detail: string): string {
  const until = /^until (\S+)$/.exec(detail);
  const endsAt = until ? Date.parse(until[1]!) : Number.NaN;
  return Number.isNaN(endsAt) ? detail : suspensionEndText(endsAt);
}

/** The audit log, newest first: who did what to which item, why and when. Read-only by design. */
export function AuditLog() {
  const { results, status, loadMore } = usePaginatedQuery(api.moderationLists.log, {}, { initialNumItems: PAGE_SIZE });
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className={sectionHeading}>
        Audit log
      </h2>
      {status !== "LoadingFirstPage" && results.length === 0 && (
        <p className="mt-2 text-sm text-fg-subtle">No moderation actions yet.</p>
      )}
      <ol
        aria-label="Audit log"
        className="mt-3 divide-y divide-line-subtle rounded-xl bg-surface shadow-sm ring-1 ring-line"
      >
        {results.map((row) => (
          <li key={row._id} className="px-3 py-2 text-sm">
            <p className="break-words text-fg">
              <span className="font-medium">{row.actor}</span> {VERBS[row.action]} {objectOf(row)}
              {row.detail && <span className="text-fg-subtle"> ({detailText(row.detail)})</span>}
            </p>
            {row.reason && <p className="break-words text-fg-muted">Reason: {row.reason}</p>}
            <TimeAgo timestamp={row._creationTime} className="text-xs text-fg-subtle" />
          </li>
        ))}
      </ol>
      <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Load more of the log" />
    </section>
  );
}
