import { clsx } from "clsx";
import type { PaginationStatus } from "convex/react";

type LoadMoreButtonProps = {
  status: PaginationStatus;
  onLoadMore: () => void;
  /** e.g. "Load more conversations". */
  label: string;
  /** Where it sits: below a list by default; a history puts it above. */
  className?: string;
};

/** The button under a growing list (usePaginatedQuery); gone once everything is loaded. */
export function LoadMoreButton({ status, onLoadMore, label, className = "mt-4" }: LoadMoreButtonProps) {
  if (status === "Exhausted" || status === "LoadingFirstPage") return null;
  return (
    <div className={clsx("flex justify-center", className)}>
      <button
        type="button"
        onClick={onLoadMore}
        disabled={status === "LoadingMore"}
        className="inline-flex min-h-10 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
      >
        {status === "LoadingMore" ? "Loading..." : label}
      </button>
    </div>
  );
}
