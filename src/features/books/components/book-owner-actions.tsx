import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { showSuccess } from "@/lib/toasts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { BookDetails } from "../book-types";
import { BookFormDialog } from "./book-form-dialog";

type BookOwnerActionsProps = {
  book: BookDetails;
  /** Deletes the book; throws when it failed (the dialog then stays open). */
  onDelete: () => Promise<void>;
};

/** The owner's Edit (the add/edit modal) and Delete (with confirmation) buttons. */
export function BookOwnerActions({ book, onDelete }: BookOwnerActionsProps) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => setEditing(true)}>
        <Pencil aria-hidden className="size-4" />
        Edit
      </Button>
      <Button variant="danger-secondary" onClick={() => setConfirmingDelete(true)}>
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>

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
