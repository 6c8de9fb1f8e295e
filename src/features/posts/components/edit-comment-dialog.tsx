import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-styles";
import { Dialog } from "@/components/ui/dialog";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextArea } from "@/components/ui/text-area";
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
      <TextArea
        label="Comment"
        autoFocus
        rows={4}
        value={draft}
        onChange={setDraft}
        maxLength={POST_LIMITS.comment}
        limitName="Comments"
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <ShortcutHint action="save" className="sm:mr-auto sm:self-center" />
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
