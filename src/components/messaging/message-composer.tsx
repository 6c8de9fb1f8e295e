import { clsx } from "clsx";
import { Plus, SendHorizontal } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { shiftMentions, type MentionDraft } from "@/components/mentions/mention-draft";
import { useMentionPicker } from "@/components/mentions/use-mention-picker";
import { insertAtCursor } from "@/lib/emojis";
import { formatCount } from "@/lib/format";
import { isEnterToSend } from "@/lib/keyboard-shortcuts";
import { Button } from "@/components/ui/button";
import { EmojiPicker } from "@/components/ui/emoji-picker";
import { IconButton } from "@/components/ui/icon-button";
import { COUNTER_FROM, controlLookClass } from "@/components/ui/field";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import type { UploadImage } from "@/hooks/use-image-upload";
import type { Id } from "@convex/_generated/dataModel";
import { type Mention, trimWithMentions } from "@convex/shared/mentions";
import { AttachPictureButton } from "./attach-picture-button";
import { PictureDraft } from "./picture-draft";
import { type SentPicture, usePictureAttachment } from "./use-picture-attachment";
import { ReplyBar } from "./reply-bar";
import { useReply } from "./reply-context";

type MessageComposerProps = {
  /**
   * Sends the (trimmed) text and the people it @mentions (empty without `mentionsIn`); throw to
   * get it back into the box (the caller shows the error). `replyToId` is the message it answers
   * (the Reply action's, from the surrounding ReplyProvider: reply-context.tsx).
   */
  onSend: (text: string, mentions?: Mention[], picture?: SentPicture, replyToId?: string) => Promise<unknown>;
  /**
   * Offers "Attach picture" (use-picture-attachment.ts): the chosen picture is uploaded with this
   * (useImageUpload) when Send is pressed, then given to `onSend`; it may go without text.
   */
  uploadPicture?: UploadImage;
  /** The server's limit on one message. */
  maxLength: number;
  /** Offers the emoji picker beside the box (chat rooms). */
  withEmojiPicker?: boolean;
  /**
   * Told true as the person types (on every change of a non-blank draft: throttle it), and false
   * once the draft is blank again, sent, or the box loses the focus.
   */
  onTyping?: (typing: boolean) => void;
  /** Offers "@" mentions of people, the room's recent ones first (chat rooms). */
  mentionsIn?: { roomId: Id<"chatRooms"> };
};

/**
 * The text box under a conversation or chat room. Enter sends, Shift+Enter starts a new line (the
 * one-line composers' rule, said under the box); blank text is ignored (seed §5); from 80 % of the
 * limit a counter shows (as for one-line fields), past it Send is off and the box says why. The box empties at once so the next message can be typed, and gets the text back if
 * sending fails. An emoji goes where the cursor is, and the cursor ends up right after it.
 *
 * On a phone (below `sm`) the box gets the room: Send shows only its icon (still named "Send"),
 * and when there are both the emoji and the picture buttons they fold behind one "+" that shows
 * them on a line above the box. At 390 px that leaves the box ~260 px instead of ~150 px.
 */
export function MessageComposer({
  onSend,
  maxLength,
  withEmojiPicker = false,
  onTyping,
  mentionsIn,
  uploadPicture,
}: MessageComposerProps) {
  const [{ text: draft, mentions }, setDraftState] = useState<MentionDraft>({ text: "", mentions: [] });
  const box = useRef<HTMLTextAreaElement>(null);
  const caretAfterRender = useRef<number | null>(null);
  const fieldId = useId();
  const limitId = useId();
  const hintId = useId();
  const replyBarId = useId();
  const toolsId = useId();
  /** Phones: whether the "+" shows the emoji and picture buttons (both always show from `sm` up). */
  const [toolsOpen, setToolsOpen] = useState(false);
  const reply = useReply();
  const replyingTo = reply.target?.messageId;
  const text = draft.trim();
  const tooLong = text.length > maxLength;
  const nearLimit = draft.length >= maxLength * COUNTER_FROM;
  const picture = usePictureAttachment();
  const canSend = (text.length > 0 || picture.file !== null) && !tooLong && !picture.uploading;
  /** Two buttons beside the box are too many on a phone: they fold behind one "+". */
  const foldTools = withEmojiPicker && uploadPicture !== undefined;

  function setMentionDraft(next: MentionDraft) {
    setDraftState(next);
    onTyping?.(next.text.trim().length > 0);
  }

  /** A new text from anything but the picker (an emoji, clearing after Send): the spans follow it. */
  function setDraft(next: string, caret?: number) {
    setMentionDraft({ text: next, mentions: shiftMentions(draft, next, mentions, caret) });
  }

  const picker = useMentionPicker({
    field: box,
    draft: { text: draft, mentions },
    onDraftChange: setMentionDraft,
    roomId: mentionsIn?.roomId,
    placement: "above",
    enabled: mentionsIn !== undefined,
  });

  // Reply puts the cursor in the box, ready to write the answer.
  useEffect(() => {
    if (replyingTo !== undefined) box.current?.focus();
  }, [replyingTo]);

  // The emoji is in the box once React has rendered it; only then can the cursor go after it.
  useLayoutEffect(() => {
    const caret = caretAfterRender.current;
    if (caret === null || !box.current) return;
    caretAfterRender.current = null;
    box.current.focus();
    box.current.setSelectionRange(caret, caret);
  }, [draft]);

  function insertEmoji(emoji: string) {
    const field = box.current;
    const { text: next, cursor } = insertAtCursor(
      draft,
      emoji,
      field?.selectionStart ?? draft.length,
      field?.selectionEnd ?? draft.length,
    );
    caretAfterRender.current = cursor;
    setDraft(next, cursor);
    setToolsOpen(false);
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const sent = trimWithMentions(draft, mentions);
    const answering = reply.target;
    setDraft("");
    reply.cancelReply();
    box.current?.focus();
    try {
      // The picture is uploaded first (its box says so); it stays chosen if anything fails.
      const sentPicture = uploadPicture && (await picture.upload(uploadPicture));
      if (sentPicture || answering !== null) {
        await onSend(sent.text, sent.mentions, sentPicture || undefined, answering?.messageId);
      } else await (sent.mentions.length === 0 ? onSend(sent.text) : onSend(sent.text, sent.mentions));
      if (sentPicture) picture.remove();
    } catch {
      setDraftState((current) => (current.text === "" ? sent : current));
      if (answering !== null) reply.startReply(answering);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.handleKey(event)) return;
    if (event.key === "Escape" && reply.target !== null) {
      event.preventDefault();
      reply.cancelReply();
      return;
    }
    if (!isEnterToSend(event.nativeEvent)) return;
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={send} className="border-t border-line bg-surface px-3 py-2.5 sm:px-5">
      {reply.target !== null && (
        <div id={replyBarId}>
          <ReplyBar target={reply.target} onCancel={reply.cancelReply} />
        </div>
      )}
      {uploadPicture && <PictureDraft picture={picture} />}
      <div className="flex flex-wrap items-end gap-1.5 sm:flex-nowrap sm:gap-2">
        {foldTools && (
          <IconButton
            label="Emoji and picture"
            title="Emoji and picture"
            size="lg"
            aria-expanded={toolsOpen}
            aria-controls={toolsId}
            onClick={() => setToolsOpen((wasOpen) => !wasOpen)}
            className="aria-expanded:bg-accent-soft aria-expanded:text-accent-fg sm:hidden"
          >
            <Plus aria-hidden className="size-5" />
          </IconButton>
        )}
        <div
          id={toolsId}
          // Phones: a line of its own above the box while the "+" is open; from `sm` up, in the row.
          className={clsx(
            "sm:contents",
            foldTools ? (toolsOpen ? "flex basis-full gap-1.5 max-sm:order-first" : "hidden") : "contents",
          )}
        >
          {withEmojiPicker && <EmojiPicker onPick={insertEmoji} />}
          {uploadPicture && (
            <AttachPictureButton
              onChoose={(file) => {
                void picture.choose(file);
                // The button folds away with its line: the focus goes back to the box.
                setToolsOpen(false);
                box.current?.focus();
              }}
              disabled={picture.uploading}
            />
          )}
        </div>
        <label htmlFor={fieldId} className="sr-only">
          Message
        </label>
        <div className="relative min-w-0 flex-1">
          <textarea
            ref={box}
            id={fieldId}
            value={draft}
            {...(mentionsIn === undefined ? {} : picker.fieldProps)}
            onChange={mentionsIn === undefined ? (event) => setDraft(event.target.value) : picker.fieldProps.onChange}
            onKeyDown={onKeyDown}
            onBlur={() => {
              picker.fieldProps.onBlur();
              onTyping?.(false);
            }}
            rows={1}
            placeholder="Write a message..."
            aria-invalid={tooLong}
            aria-describedby={clsx(reply.target !== null && replyBarId, hintId, nearLimit && limitId)}
            // Grows with its text up to a limit, round beside the round Send; red while too long (aria-invalid).
            className={clsx(
              "block max-h-40 min-h-11 w-full resize-none rounded-2xl px-4 py-2.5 text-base field-sizing-content sm:text-sm",
              controlLookClass,
            )}
          />
          {picker.listbox}
        </div>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          shape="pill"
          disabled={!canSend}
          loading={picture.uploading}
          // A round icon button on a phone; the word stays its accessible name.
          className="shrink-0 max-sm:size-11 max-sm:px-0"
        >
          <SendHorizontal aria-hidden className="size-4" />
          <span className="max-sm:sr-only">Send</span>
        </Button>
      </div>
      <div className="mt-1 flex items-start gap-3 px-2 text-xs">
        <ShortcutHint
          id={hintId}
          text="Enter to send, Shift+Enter for a new line"
          // Out of the way of the limit message, which needs the room.
          className={clsx("min-w-0 flex-1", tooLong && "sr-only")}
        />
        {nearLimit && (
          <p
            id={limitId}
            role={tooLong ? "alert" : undefined}
            className={clsx("tabular-nums", tooLong ? "flex-1 font-medium text-danger" : "ml-auto text-fg-muted")}
          >
            {tooLong
              ? `Messages can be at most ${formatCount(maxLength)} characters (this one has ${formatCount(text.length)}).`
              : `${formatCount(draft.length)}/${formatCount(maxLength)}`}
          </p>
        )}
      </div>
    </form>
  );
}
