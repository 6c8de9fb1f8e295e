import { clsx } from "clsx";
import { usePaginatedQuery } from "convex/react";
import { useEffect, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@convex/_generated/api";
import { useMinuteArgument, useMoveOnWhenPassed } from "../hooks/use-minute-argument";
import { sectionHeading } from "../moderation-types";
import { ReportedItemCard } from "./reported-item-card";

const PAGE_SIZE = 10;
type Sort = "newest" | "most";

/**
 * The open reports, one card per reported item, live; newest report first or most reported first.
 * `onFirstPage` runs once the first page is on screen (the page shows what stacks below only then).
 */
export function ReportsQueue({ onFirstPage }: { onFirstPage?: () => void }) {
  const [sort, setSort] = useState<Sort>("newest");
  const [now, moveOn] = useMinuteArgument();
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderationLists.openItems,
    { sort, now },
    { initialNumItems: PAGE_SIZE },
  );
  const firstPageShown = status !== "LoadingFirstPage";
  useEffect(() => {
    if (firstPageShown) onFirstPage?.();
  }, [firstPageShown, onFirstPage]);
  useMoveOnWhenPassed(
    now,
    results.map((item) => (item.authorSuspended ? (item.author.suspendedUntil ?? null) : null)),
    moveOn,
  );
  return (
    <section aria-labelledby="reports-heading" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-heading" className={sectionHeading}>
          Open reports
        </h2>
        <div role="group" aria-label="Sort reports" className="inline-flex rounded-lg bg-surface-muted p-1">
          {(
            [
              ["newest", "Newest"],
              ["most", "Most reported"],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
              className={clsx(
                "min-h-9 rounded-md px-3 text-sm font-medium focus-ring",
                sort === value ? "bg-surface text-fg shadow-sm" : "text-fg-muted hover:text-fg",
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-4">
        {status === "LoadingFirstPage" ? (
          <Spinner />
        ) : results.length === 0 ? (
          <EmptyState title="No open reports. All clear!" />
        ) : (
          <ul aria-label="Reported items" className="space-y-4">
            {results.map((item) => (
              <ReportedItemCard key={item._id} item={item} />
            ))}
          </ul>
        )}
        <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Load more reports" />
      </div>
    </section>
  );
}
