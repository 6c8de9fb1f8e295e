import { useMutation, usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { showSuccess } from "@/lib/toasts";
import { CommentItem } from "@/components/comments/comment-item";
import { COMMENTS_PER_LOAD, CommentList } from "@/components/comments/comment-list";
import { CommentForm } from "@/components/comments/comment-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Mention } from "@convex/shared/mentions";
import type { Id } from "@convex/_generated/dataModel";
import { POST_LIMITS } from "../post-categories";
import type { PostComment } from "../post-types";
import { EditCommentDialog } from "./edit-comment-dialog";

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

  function add(text: string, mentions?: Mention[]) {
    return withFailureToast(() => addComment({ postId, text, mentions }), "Failed to add comment. Please try again.");
  }

  async function save(text: string) {
    if (!editing) return;
    const commentId = editing._id;
    await withFailureToast(() => editComment({ commentId, text }), "Failed to update comment. Please try again.");
  }

  async function confirmDelete() {
    if (deletingId === null) return;
    const commentId = deletingId;
    await withFailureToast(() => removeComment({ commentId }), "Failed to delete comment. Please try again.");
    showSuccess("Comment deleted");
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={`Comments (${count})`}>
        <div className="space-y-4">
          <CommentForm onSubmit={add} maxLength={POST_LIMITS.comment} />
          {open && (
            <PostCommentList postId={postId} onEdit={setEditing} onDelete={(comment) => setDeletingId(comment._id)} />
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

type PostCommentListProps = {
  postId: Id<"posts">;
  onEdit: (comment: PostComment) => void;
  onDelete: (comment: PostComment) => void;
};

/** Mounted only while the dialog is open, so a closed dialog keeps no subscription. */
function PostCommentList({ postId, onEdit, onDelete }: PostCommentListProps) {
  const comments = usePaginatedQuery(api.postComments.list, { postId }, { initialNumItems: COMMENTS_PER_LOAD });
  return (
    <CommentList
      comments={comments}
      renderComment={(comment) => (
        <CommentItem
          key={comment._id}
          comment={comment}
          onEdit={() => onEdit(comment)}
          onDelete={() => onDelete(comment)}
          reportTarget={{ kind: "postComment", id: comment._id }}
        />
      )}
    />
  );
}
