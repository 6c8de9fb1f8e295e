import { useState, type FormEvent } from "react";
import type { MentionDraft } from "@/components/mentions/mention-draft";
import { MentionTextArea } from "@/components/mentions/mention-text-area";
import { Button } from "@/components/ui/button";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { type Mention, trimWithMentions } from "@convex/shared/mentions";

type CommentFormProps = {
  /** Saves the text and the people it @mentions; throw to keep it in the box (the caller shows the error). */
  onSubmit: (text: string, mentions?: Mention[]) => Promise<unknown>;
  maxLength: number;
  label?: string;
  placeholder?: string;
  submitLabel?: string;
};

/**
 * A comment box: blank text is ignored (seed §5), the text clears once saved, no double submit.
 * Enter makes a new line, Ctrl+Enter (⌘+Enter) posts; the counter and the limit are TextArea's.
 * Typing "@" offers people to mention (MentionTextArea); their spans go with the text.
 */
export function CommentForm({
  onSubmit,
  maxLength,
  label = "Add a comment",
  placeholder = "Write a comment...",
  submitLabel = "Post Comment",
}: CommentFormProps) {
  const [draft, setDraft] = useState<MentionDraft>({ text: "", mentions: [] });
  const [pending, setPending] = useState(false);
  const blank = draft.text.trim().length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || pending) return;
    setPending(true);
    try {
      const sent = trimWithMentions(draft.text, draft.mentions);
      await (sent.mentions.length === 0 ? onSubmit(sent.text) : onSubmit(sent.text, sent.mentions));
      setDraft({ text: "", mentions: [] });
    } catch {
      // The caller reported the failure; keep the text so nothing typed is lost.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <MentionTextArea
        label={label}
        rows={3}
        draft={draft}
        onDraftChange={setDraft}
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
