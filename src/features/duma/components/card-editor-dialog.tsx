import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { TextArea } from "@/components/ui/text-area";
import { errorText } from "@/lib/error-text";
import { api } from "@convex/_generated/api";
import { DeckError, parseDeckJson, SAVE_ERROR_PREFIX, type Deck } from "@convex/shared/duma/cards";
import { STORY_DECK } from "@convex/shared/duma/story";

type CardEditorDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The player's saved deck, or null while they play the built-in story. */
  own: Deck | null;
};

/** The JSON boxes: taller than their rows, in a code font. */
const jsonClass = "h-48 font-mono sm:h-56";

/**
 * The original's flashcard editor: the deck and the endings as two JSON arrays. Checked here
 * for a quick answer and again on the server, which keeps the deck for the player's account.
 */
export function CardEditorDialog({ open, onOpenChange, own }: CardEditorDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit your cards"
      description="Your deck and your endings as JSON arrays, in the same shape as the built-in cards. Effects move each element by −100 to 100; time is in days (365 a year). Endings you leave out come from the story."
    >
      {open && <EditorForm own={own} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditorForm({ own, onDone }: { own: Deck | null; onDone: () => void }) {
  const saveDeck = useMutation(api.duma.saveDeck);
  const resetDeck = useMutation(api.duma.resetDeck);
  const start = own ?? STORY_DECK;
  const [cardsJson, setCardsJson] = useState(() => JSON.stringify(start.cards, null, 2));
  const [endingsJson, setEndingsJson] = useState(() => JSON.stringify(start.endings, null, 2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    try {
      parseDeckJson(cardsJson, endingsJson);
    } catch (problem) {
      setError(SAVE_ERROR_PREFIX + (problem instanceof DeckError ? problem.message : "invalid cards"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveDeck({ cardsJson, endingsJson });
      toast.success("Your cards are saved. A new game begins with them.");
      onDone();
    } catch (failure) {
      setError(SAVE_ERROR_PREFIX + errorText(failure, "please try again"));
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    try {
      await resetDeck({});
    } catch (failure) {
      toast.error(errorText(failure, "The deck could not be reset. Please try again."));
      throw failure;
    }
    toast.success("Back to the built-in story.");
    onDone();
  }

  return (
    <form onSubmit={save} className="space-y-3" noValidate>
      <TextArea
        label="Cards (JSON array)"
        rows={8}
        value={cardsJson}
        onChange={setCardsJson}
        spellCheck={false}
        className={jsonClass}
      />
      <TextArea
        label="Endings (JSON array)"
        rows={8}
        value={endingsJson}
        onChange={setEndingsJson}
        spellCheck={false}
        className={jsonClass}
      />
      <FormError message={error} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="danger-ghost" onClick={() => setConfirmingReset(true)} disabled={busy || own === null}>
          Reset to built-in deck
        </Button>
        <FormActions cancel={{ onClick: onDone }} busy={busy} busyLabel="Saving...">
          Save cards
        </FormActions>
      </div>
      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        title="Reset to the built-in deck?"
        message="Your own cards and endings will be deleted, and a new game begins with the built-in story."
        confirmLabel="Reset"
        busyLabel="Resetting..."
        destructive
        onConfirm={reset}
      />
    </form>
  );
}
