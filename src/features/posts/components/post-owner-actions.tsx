import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-styles";
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
      <Link to={paths.postEdit.href(postId)} className={buttonClass({ variant: "secondary" })}>
        <Pencil aria-hidden className="size-4" />
        Edit
      </Link>
      <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>
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
