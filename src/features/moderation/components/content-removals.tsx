import { usePaginatedQuery } from "convex/react";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { TimeAgo } from "@/components/ui/time-ago";
import { api } from "@convex/_generated/api";
import { sectionHeading } from "../moderation-types";

const PAGE_SIZE = 5;

/**
 * "Remove all content" runs, newest first, live: each batch updates its row, so a running one
 * counts up until it says it is done. Hidden until there has been one.
 */
export function ContentRemovals() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderationLists.contentRemovals,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  if (results.length === 0) return null;
  return (
    <section aria-labelledby="removals-heading">
      <h2 id="removals-heading" className={sectionHeading}>
        Content removals
      </h2>
      <ul aria-label="Content removals" className="mt-3 space-y-2">
        {results.map((row) => (
          <li key={row._id} className="rounded-xl bg-surface p-3 text-sm shadow-sm ring-1 ring-line">
            <CreatorAvatarLink creator={row.user} size="xs" showName />
            <p className="mt-1 text-fg-secondary" aria-live="polite">
              {row.finishedAt === null
                ? `Removing… ${row.removed} ${row.removed === 1 ? "item" : "items"} so far`
                : `Done: ${row.summary === "nothing" ? "nothing to remove" : row.summary}`}
            </p>
            <p className="break-words text-fg-subtle">
              {row.reason} · by {row.by} · <TimeAgo timestamp={row._creationTime} />
            </p>
          </li>
        ))}
      </ul>
      <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Load more removals" />
    </section>
  );
}
