import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-styles";
import { Dialog } from "@/components/ui/dialog";
import { POST_LIMITS } from "../post-categories";

type EditCommentDialogProps = {
  /** The text being edited; null closes the dialog. */
  text: string | null;
  onClose: () => void;
  /** Saves the new text; throw to stay open (the caller shows what went wrong). */
  onSave: (text: string) => Promise<void>;
};

/** The in-app replacement for the original's prompt(): empty text or Cancel changes nothing (seed §5). */
export function EditCommentDialog({ text, onClose, onSave }: EditCommentDialogProps) {
  // Owned here, not by the form: while saving, Escape, the close button and a click outside wait
  // too, so a failed save keeps the text.
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={text !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit comment"
      preventClose={pending}
    >
      {/* Keyed by the text so the box starts from the comment being edited. */}
      {text !== null && (
        <EditCommentForm
          key={text}
          initial={text}
          onClose={onClose}
          onSave={onSave}
          pending={pending}
          setPending={setPending}
        />
      )}
    </Dialog>
  );
}

function EditCommentForm({
  initial,
  onClose,
  onSave,
  pending,
  setPending,
}: {
  initial: string;
  onClose: () => void;
  onSave: (text: string) => Promise<void>;
  pending: boolean;
  setPending: (pending: boolean) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const fieldId = useId();
  const blank = draft.trim().length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (blank || draft.trim() === initial.trim()) {
      onClose();
      return;
    }
    setPending(true);
    try {
      await onSave(draft.trim());
      onClose();
    } catch {
      // Stay open with the text; the caller showed the failure.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <label htmlFor={fieldId} className="block text-sm font-medium text-fg-secondary">
        Comment
      </label>
      <textarea
        id={fieldId}
        data-autofocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={POST_LIMITS.comment}
        rows={4}
        className="block w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-base shadow-sm focus:border-accent-line focus:outline-2 focus:outline-focus/30 sm:text-sm"
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => !pending && onClose()} aria-disabled={pending}>
          Cancel
        </Button>
        {/* A plain button on purpose: Save looks disabled while the text is blank, yet a click
            still submits, and submitting blank text closes the dialog unchanged (seed §5). */}
        <button type="submit" aria-disabled={pending || blank} className={buttonClass({ variant: "primary" })}>
          {pending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
