import type { ReactNode } from "react";
import type { PaginationStatus } from "convex/react";
import { LoadMoreButton } from "@/components/ui/load-more-button";

/** Comments fetched per page and per "Show more comments". */
export const COMMENTS_PER_LOAD = 10;

type CommentListProps<Comment extends { _id: string }> = {
  /** The fields of a `usePaginatedQuery` result this list needs. */
  comments: { results: Comment[]; status: PaginationStatus; loadMore: (numItems: number) => void };
  renderComment: (comment: Comment) => ReactNode;
};

/**
 * A live comment list with its loading and empty states and "Show more comments". The block
 * takes the focus (tabindex -1) when what had it goes: a deleted comment's Delete button, or
 * "Show more comments" once all are shown.
 */
export function CommentList<Comment extends { _id: string }>({ comments, renderComment }: CommentListProps<Comment>) {
  return (
    <div tabIndex={-1} className="space-y-3 focus:outline-none">
      {comments.status === "LoadingFirstPage" ? (
        <p className="text-sm text-fg-subtle">Loading...</p>
      ) : comments.results.length === 0 ? (
        <p className="text-sm text-fg-subtle">No comments yet. Be the first to say something.</p>
      ) : (
        <ul aria-label="Comments" className="space-y-3">
          {comments.results.map(renderComment)}
        </ul>
      )}
      <LoadMoreButton
        status={comments.status}
        onLoadMore={() => comments.loadMore(COMMENTS_PER_LOAD)}
        label="Show more comments"
        className=""
      />
    </div>
  );
}
