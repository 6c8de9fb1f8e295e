import { useMutation, usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { showSuccess } from "@/lib/toasts";
import { CommentItem } from "@/components/comments/comment-item";
import { COMMENTS_PER_LOAD, CommentList } from "@/components/comments/comment-list";
import { CommentForm } from "@/components/comments/comment-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { Mention } from "@convex/shared/mentions";
import { BOOK_LIMITS } from "../book-limits";

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

  function add(text: string, mentions?: Mention[]) {
    return withFailureToast(() => addComment({ bookId, text, mentions }), "Failed to add comment. Please try again.");
  }

  async function confirmDelete() {
    if (deletingId === null) return;
    const commentId = deletingId;
    await withFailureToast(() => removeComment({ commentId }), "Failed to delete comment. Please try again.");
    showSuccess("Comment deleted");
  }

  return (
    <section aria-labelledby="comments-heading" className="space-y-5">
      <h2 id="comments-heading" className="text-lg font-semibold text-fg">
        Comments ({count})
      </h2>
      <CommentForm onSubmit={add} maxLength={BOOK_LIMITS.comment} />
      <CommentList
        comments={comments}
        renderComment={(comment) => (
          <CommentItem
            key={comment._id}
            comment={comment}
            onDelete={() => setDeletingId(comment._id)}
            reportTarget={{ kind: "bookComment", id: comment._id }}
          />
        )}
      />
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
