import { clsx } from "clsx";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { MentionDraft } from "@/components/mentions/mention-draft";
import { useMentionPicker } from "@/components/mentions/use-mention-picker";
import { Button } from "@/components/ui/button";
import { controlLookClass } from "@/components/ui/field";
import { formatCount } from "@/lib/format";
import { isEnterToSend } from "@/lib/keyboard-shortcuts";
import type { Id } from "@convex/_generated/dataModel";
import { type Mention, trimWithMentions } from "@convex/shared/mentions";

type MessageEditorProps = {
  /** The message as it is now. */
  initial: { text: string; mentions?: readonly Mention[] };
  /** The server's limit on one message. */
  maxLength: number;
  /** A message with a picture may be left without words. */
  mayBeBlank?: boolean;
  /** Offers "@" mentions of the room's people (chat rooms), as the composer does. */
  mentionsIn?: { roomId: Id<"chatRooms"> };
  /** Saves the trimmed text and its mentions; throw to stay editing (the caller shows the error). */
  onSave: (text: string, mentions: Mention[]) => Promise<unknown>;
  onDone: () => void;
};

/**
 * A message edited in place: the composer's Enter rule (Enter saves, Shift+Enter starts a new
 * line), Escape or Cancel leaves it as it was. Saving unchanged text just closes the editor.
 */
export function MessageEditor({
  initial,
  maxLength,
  mayBeBlank = false,
  mentionsIn,
  onSave,
  onDone,
}: MessageEditorProps) {
  const [draft, setDraft] = useState<MentionDraft>({ text: initial.text, mentions: [...(initial.mentions ?? [])] });
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const limitId = useId();
  const text = draft.text.trim();
  const tooLong = text.length > maxLength;
  const canSave = (text.length > 0 || mayBeBlank) && !tooLong && !saving;

  const picker = useMentionPicker({
    field: box,
    draft,
    onDraftChange: setDraft,
    roomId: mentionsIn?.roomId,
    placement: "above",
    enabled: mentionsIn !== undefined,
  });

  // Editing starts with the cursor at the end of the text.
  useLayoutEffect(() => {
    const field = box.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  async function save() {
    if (!canSave) return;
    const edited = trimWithMentions(draft.text, draft.mentions);
    if (edited.text === initial.text.trim() && mentionsIn === undefined) return onDone();
    setSaving(true);
    try {
      await onSave(edited.text, edited.mentions);
      onDone();
    } catch {
      setSaving(false);
      box.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.handleKey(event)) return;
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
      return;
    }
    if (!isEnterToSend(event.nativeEvent)) return;
    event.preventDefault();
    void save();
  }

  return (
    <form
      className="mt-0.5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        Edit message
      </label>
      <div className="relative">
        <textarea
          ref={box}
          id={fieldId}
          value={draft.text}
          {...(mentionsIn === undefined ? {} : picker.fieldProps)}
          onChange={
            mentionsIn === undefined
              ? (event) => setDraft({ text: event.target.value, mentions: [] })
              : picker.fieldProps.onChange
          }
          onKeyDown={onKeyDown}
          onBlur={picker.fieldProps.onBlur}
          rows={1}
          aria-invalid={tooLong}
          aria-describedby={tooLong ? `${hintId} ${limitId}` : hintId}
          className={clsx(
            "block max-h-40 min-h-10 w-full resize-none rounded-xl px-3 py-2 text-base text-fg field-sizing-content sm:text-sm",
            controlLookClass,
          )}
        />
        {picker.listbox}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
        <p id={hintId} className="min-w-0 flex-1 text-fg-muted">
          Enter to save, Esc to cancel
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="sm" disabled={!canSave} loading={saving}>
          Save
        </Button>
      </div>
      {tooLong && (
        <p id={limitId} role="alert" className="mt-1 text-xs font-medium text-danger">
          {`Messages can be at most ${formatCount(maxLength)} characters (this one has ${formatCount(text.length)}).`}
        </p>
      )}
    </form>
  );
}
