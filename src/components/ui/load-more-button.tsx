import { clsx } from "clsx";
import type { PaginationStatus } from "convex/react";
import { useRef } from "react";
import { useFocusHandOffOnRemoval } from "@/hooks/use-focus-hand-off-on-removal";
import { Button } from "./button";

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
export function LoadMoreButton({ status, ...button }: LoadMoreButtonProps) {
  if (status === "Exhausted" || status === "LoadingFirstPage") return null;
  return <ShownLoadMoreButton loading={status === "LoadingMore"} {...button} />;
}

function ShownLoadMoreButton({
  loading,
  onLoadMore,
  label,
  className = "mt-4",
}: Omit<LoadMoreButtonProps, "status"> & { loading: boolean }) {
  const wrapper = useRef<HTMLDivElement>(null);
  useFocusHandOffOnRemoval(wrapper);
  return (
    <div ref={wrapper} className={clsx("flex justify-center", className)}>
      <Button variant="secondary" onClick={() => onLoadMore()} loading={loading} loadingLabel="Loading...">
        {label}
      </Button>
    </div>
  );
}
