import { useId, useRef, type KeyboardEvent } from "react";
import { Field, fieldControlClass, type FieldCount } from "@/components/ui/field";
import { isSubmitShortcut, submitShortcutKeys } from "@/lib/keyboard-shortcuts";
import type { MentionDraft } from "./mention-draft";
import { useMentionPicker } from "./use-mention-picker";

type MentionTextAreaProps = {
  label: string;
  draft: MentionDraft;
  onDraftChange: (draft: MentionDraft) => void;
  rows: number;
  maxLength: number;
  /** What the limit is about ("Comments can be at most 1,000 characters."). */
  limitName: string;
  placeholder?: string;
  autoFocus?: boolean;
};

/**
 * TextArea's multi-line field (label, counter always shown, Enter for a new line, Ctrl+Enter or
 * ⌘+Enter submits the form) with the @mention picker: the comment boxes of books and posts.
 */
export function MentionTextArea({
  label,
  draft,
  onDraftChange,
  rows,
  maxLength,
  limitName,
  placeholder,
  autoFocus,
}: MentionTextAreaProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useMentionPicker({ field, draft, onDraftChange, placement: "below" });
  const count: FieldCount = {
    length: draft.text.length,
    max: maxLength,
    id: `${id}-count`,
    always: true,
    name: limitName,
  };

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.handleKey(event)) return;
    const form = event.currentTarget.form;
    if (!form || !isSubmitShortcut(event.nativeEvent)) return;
    event.preventDefault();
    form.requestSubmit();
  }

  return (
    <Field id={id} label={label} count={count}>
      <div className="relative">
        <textarea
          ref={field}
          id={id}
          rows={rows}
          value={draft.text}
          maxLength={maxLength}
          placeholder={placeholder}
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          {...picker.fieldProps}
          onKeyDown={onKeyDown}
          aria-keyshortcuts={submitShortcutKeys()}
          aria-describedby={count.id}
          className={`${fieldControlClass} resize-y`}
        />
        {picker.listbox}
      </div>
    </Field>
  );
}
