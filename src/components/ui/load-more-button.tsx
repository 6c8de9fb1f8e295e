import { clsx } from "clsx";
import type { PaginationStatus } from "convex/react";
import { useLayoutEffect, useRef } from "react";
import { focusNearestRemaining, focusPath } from "@/lib/focus-return";

type LoadMoreButtonProps = {
  status: PaginationStatus;
  onLoadMore: () => void;
  /** e.g. "Load more conversations". */
  label: string;
  /** Where it sits: below a list by default; a history puts it above. */
  className?: string;
};

/**
 * The button under a growing list (usePaginatedQuery); gone once everything is loaded. Neither
 * drops the keyboard focus to the page: while a page loads it is aria-disabled (`disabled` would
 * throw the focus out), and when it goes with the last page, the focus goes to the nearest
 * enclosing element that takes it (e.g. the list, given a tabindex).
 */
export function LoadMoreButton({ status, onLoadMore, label, className = "mt-4" }: LoadMoreButtonProps) {
  // Where the button sat while it had the focus; null when the focus is elsewhere.
  const focusedAt = useRef<HTMLElement[] | null>(null);
  const gone = status === "Exhausted" || status === "LoadingFirstPage";
  useLayoutEffect(() => {
    if (!gone || focusedAt.current === null) return;
    focusNearestRemaining(focusedAt.current);
    focusedAt.current = null;
  }, [gone]);

  if (gone) return null;
  return (
    <div className={clsx("flex justify-center", className)}>
      <button
        type="button"
        onClick={() => status !== "LoadingMore" && onLoadMore()}
        onFocus={(event) => (focusedAt.current = focusPath(event.currentTarget))}
        onBlur={(event) => {
          const button = event.currentTarget;
          // Taken off the page with the focus on it is not the reader moving on (see above).
          queueMicrotask(() => {
            if (button.isConnected) focusedAt.current = null;
          });
        }}
        aria-disabled={status === "LoadingMore"}
        className="inline-flex min-h-10 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-disabled:opacity-60"
      >
        {status === "LoadingMore" ? "Loading..." : label}
      </button>
    </div>
  );
}
