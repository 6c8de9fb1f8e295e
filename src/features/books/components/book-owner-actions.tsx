import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { showSuccess } from "@/lib/toasts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { BookDetails } from "../book-types";
import { BookFormDialog } from "./book-form-dialog";

type BookOwnerActionsProps = {
  book: BookDetails;
  /** Deletes the book; throws when it failed (the dialog then stays open). */
  onDelete: () => Promise<void>;
};

const actionButton =
  "inline-flex min-h-10 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium shadow-sm transition focus-ring";

/** The owner's Edit (the add/edit modal) and Delete (with confirmation) buttons. */
export function BookOwnerActions({ book, onDelete }: BookOwnerActionsProps) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={() => setEditing(true)}
        className={`${actionButton} border-line-strong bg-surface text-fg-secondary hover:bg-canvas focus-visible:outline-focus`}
      >
        <Pencil aria-hidden className="size-4" />
        Edit
      </button>
      <button
        type="button"
        onClick={() => setConfirmingDelete(true)}
        className={`${actionButton} border-danger-line bg-surface text-danger hover:bg-danger-soft focus-visible:outline-danger-ring`}
      >
        <Trash2 aria-hidden className="size-4" />
        Delete
      </button>

      <BookFormDialog
        open={editing}
        onOpenChange={setEditing}
        book={book}
        onSaved={() => {
          setEditing(false);
          showSuccess("Book updated successfully!");
        }}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete this book?"
        message={`"${book.title}" and all its comments will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={onDelete}
      />
    </div>
  );
}
