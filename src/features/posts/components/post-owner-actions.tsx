import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import type { Id } from "@convex/_generated/dataModel";

type PostOwnerActionsProps = {
  postId: Id<"posts">;
  /** Deletes the post; throws to keep the confirm dialog open. */
  onDelete: () => Promise<void>;
};

/** The owner's Edit and Delete (with confirmation, PRODUCT D9). */
export function PostOwnerActions({ postId, onDelete }: PostOwnerActionsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex gap-2">
      <Link
        to={paths.postEdit.href(postId)}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium text-fg-secondary shadow-sm hover:bg-canvas focus-ring"
      >
        <Pencil aria-hidden className="size-4" />
        Edit
      </Link>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-danger-line bg-surface px-3 text-sm font-medium text-danger shadow-sm hover:bg-danger-soft focus-ring focus-visible:outline-danger-ring"
      >
        <Trash2 aria-hidden className="size-4" />
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this post?"
        message="Are you sure you want to delete this post? Its comments and likes go with it. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={onDelete}
      />
    </div>
  );
}
