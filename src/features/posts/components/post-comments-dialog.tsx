import { useMutation, usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { CommentForm } from "@/components/ui/comment-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { errorText } from "@/lib/error-text";
import { POST_LIMITS } from "../post-categories";
import type { PostComment } from "../post-types";
import { CommentItem } from "./comment-item";
import { EditCommentDialog } from "./edit-comment-dialog";

const COMMENTS_PER_LOAD = 10;

type PostCommentsDialogProps = {
  postId: Id<"posts">;
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The comment modal (seed §2): the list, newest first, a box to post, Edit in a dialog and Delete with confirm. */
export function PostCommentsDialog({ postId, count, open, onOpenChange }: PostCommentsDialogProps) {
  const [editing, setEditing] = useState<PostComment | null>(null);
  const [deletingId, setDeletingId] = useState<Id<"postComments"> | null>(null);
  const addComment = useMutation(api.postComments.add);
  const editComment = useMutation(api.postComments.edit);
  const removeComment = useMutation(api.postComments.remove);

  async function add(text: string) {
    try {
      await addComment({ postId, text });
    } catch (error) {
      toast.error(errorText(error, "Failed to add comment. Please try again."));
      throw error;
    }
  }

  async function save(text: string) {
    if (!editing) return;
    try {
      await editComment({ commentId: editing._id, text });
    } catch (error) {
      toast.error(errorText(error, "Failed to update comment. Please try again."));
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
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={`Comments (${count})`}>
        <div className="space-y-4">
          <CommentForm onSubmit={add} maxLength={POST_LIMITS.comment} />
          {open && (
            <CommentList postId={postId} onEdit={setEditing} onDelete={(comment) => setDeletingId(comment._id)} />
          )}
        </div>
      </Dialog>
      <EditCommentDialog text={editing?.text ?? null} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDialog
        open={deletingId !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeletingId(null);
        }}
        title="Delete this comment?"
        message="Are you sure you want to delete this comment?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}

type CommentListProps = {
  postId: Id<"posts">;
  onEdit: (comment: PostComment) => void;
  onDelete: (comment: PostComment) => void;
};

/** Loaded only while the dialog is open, so a closed dialog keeps no subscription. */
function CommentList({ postId, onEdit, onDelete }: CommentListProps) {
  const comments = usePaginatedQuery(api.postComments.list, { postId }, { initialNumItems: COMMENTS_PER_LOAD });
  if (comments.status === "LoadingFirstPage") return <p className="text-sm text-stone-500">Loading...</p>;
  if (comments.results.length === 0) {
    return <p className="text-sm text-stone-500">No comments yet. Be the first to say something.</p>;
  }
  return (
    <>
      <ul aria-label="Comments" className="space-y-3">
        {comments.results.map((comment) => (
          <CommentItem
            key={comment._id}
            comment={comment}
            onEdit={() => onEdit(comment)}
            onDelete={() => onDelete(comment)}
          />
        ))}
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
