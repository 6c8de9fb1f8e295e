import type { ReactNode } from "react";
import type { PaginationStatus } from "convex/react";

/** Comments fetched per page and per "Show more comments". */
export const COMMENTS_PER_LOAD = 10;

type CommentListProps<Comment extends { _id: string }> = {
  /** The fields of a `usePaginatedQuery` result this list needs. */
  comments: { results: Comment[]; status: PaginationStatus; loadMore: (numItems: number) => void };
  renderComment: (comment: Comment) => ReactNode;
};

/** A live comment list with its loading and empty states and "Show more comments". */
export function CommentList<Comment extends { _id: string }>({ comments, renderComment }: CommentListProps<Comment>) {
  if (comments.status === "LoadingFirstPage") return <p className="text-sm text-stone-500">Loading...</p>;
  if (comments.results.length === 0) {
    return <p className="text-sm text-stone-500">No comments yet. Be the first to say something.</p>;
  }
  return (
    <>
      <ul aria-label="Comments" className="space-y-3">
        {comments.results.map(renderComment)}
      </ul>
      {comments.status === "CanLoadMore" && (
        <button
          type="button"
          onClick={() => comments.loadMore(COMMENTS_PER_LOAD)}
          className="inline-flex min-h-10 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Show more comments
        </button>
      )}
      {comments.status === "LoadingMore" && <p className="text-sm text-stone-500">Loading...</p>}
    </>
  );
}
