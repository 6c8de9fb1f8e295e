import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextArea } from "@/components/ui/text-area";

type CommentFormProps = {
  /** Saves the text; throw to keep it in the box (the caller shows the error). */
  onSubmit: (text: string) => Promise<unknown>;
  maxLength: number;
  label?: string;
  placeholder?: string;
  submitLabel?: string;
};

/**
 * A comment box: blank text is ignored (seed §5), the text clears once saved, no double submit.
 * Enter makes a new line, Ctrl+Enter (⌘+Enter) posts; the counter and the limit are TextArea's.
 */
export function CommentForm({
  onSubmit,
  maxLength,
  label = "Add a comment",
  placeholder = "Write a comment...",
  submitLabel = "Post Comment",
}: CommentFormProps) {
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const blank = text.trim().length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || pending) return;
    setPending(true);
    try {
      await onSubmit(text.trim());
      setText("");
    } catch {
      // The caller reported the failure; keep the text so nothing typed is lost.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <TextArea
        label={label}
        rows={3}
        value={text}
        onChange={setText}
        maxLength={maxLength}
        limitName="Comments"
        placeholder={placeholder}
      />
      <div className="flex items-center justify-end gap-3">
        <ShortcutHint action="send" className="mr-auto" />
        <Button type="submit" variant="primary" aria-disabled={blank} loading={pending} loadingLabel="Posting...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
