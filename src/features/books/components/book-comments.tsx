import { useMutation, usePaginatedQuery } from "convex/react";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { CommentForm } from "@/components/ui/comment-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { BOOK_LIMITS } from "../book-limits";
import { errorText } from "@/lib/error-text";
import { formatCommentDate } from "@/lib/format";
import { CreatorAvatarLink } from "./creator-avatar-link";

const COMMENTS_PER_LOAD = 10;

type BookCommentsProps = {
  bookId: Id<"books">;
  /** The book's comment counter (kept by the server with every add and delete). */
  count: number;
};

/** Comments with their count, newest first: add one, delete your own after confirming. */
export function BookComments({ bookId, count }: BookCommentsProps) {
  const comments = usePaginatedQuery(api.bookComments.list, { bookId }, { initialNumItems: COMMENTS_PER_LOAD });
  const addComment = useMutation(api.bookComments.add);
  const removeComment = useMutation(api.bookComments.remove);
  const [deletingId, setDeletingId] = useState<Id<"bookComments"> | null>(null);

  async function add(text: string) {
    try {
      await addComment({ bookId, text });
    } catch (error) {
      toast.error(errorText(error, "Failed to add comment. Please try again."));
      throw error;
    }
  }

  async function confirmDelete() {
    if (deletingId === null) return;
    try {
      await removeComment({ commentId: deletingId });
      toast.success("Comment deleted");
    } catch (error) {
      toast.error(errorText(error, "Failed to delete comment. Please try again."));
      throw error;
    }
  }

  return (
    <section aria-labelledby="comments-heading" className="space-y-5">
      <h2 id="comments-heading" className="text-lg font-semibold text-stone-900">
        Comments ({count})
      </h2>
      <CommentForm onSubmit={add} maxLength={BOOK_LIMITS.comment} />

      {comments.status === "LoadingFirstPage" ? (
        <p className="text-sm text-stone-500">Loading...</p>
      ) : comments.results.length === 0 ? (
        <p className="text-sm text-stone-500">No comments yet. Be the first to say something.</p>
      ) : (
        <ul className="space-y-3">
          {comments.results.map((comment) => (
            <li key={comment._id} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
              <CreatorAvatarLink creator={comment.author} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-sm font-semibold text-stone-900">{comment.author.displayName}</span>
                  <time dateTime={new Date(comment._creationTime).toISOString()} className="text-xs text-stone-500">
                    {formatCommentDate(comment._creationTime)}
                  </time>
                </div>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-800">{comment.text}</p>
              </div>
              {comment.isMine && (
                <button
                  type="button"
                  onClick={() => setDeletingId(comment._id)}
                  aria-label="Delete comment"
                  title="Delete comment"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-400 transition hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-500"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

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

      <ConfirmDialog
        open={deletingId !== null}
        onOpenChange={(open) => {
          if (!open) setDeletingId(null);
        }}
        title="Delete this comment?"
        message="Your comment will be removed. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={confirmDelete}
      />
    </section>
  );
}
