import { clsx } from "clsx";
import { toast } from "sonner";
import { jumpToMessage } from "./message-anchor";

/** A reply's quote as the lists give it (convex/lib/message-replies.ts ReplyQuote). */
export type Quote = { _id: string; authorName: string; excerpt: string; hasPicture: boolean } | { deleted: true };

export const ORIGINAL_DELETED = "Original message deleted";
export const ORIGINAL_NOT_LOADED = "The original message is further up. Use \u201cLoad older\u201d to find it.";

/** What a quote or the reply bar says of the original's content: its line, or that it is a picture. */
export function quotedLine(quote: { excerpt: string; hasPicture: boolean }): string {
  if (quote.excerpt.length > 0) return quote.hasPicture ? `📷 ${quote.excerpt}` : quote.excerpt;
  return quote.hasPicture ? "📷 Picture" : "";
}

/**
 * The line above a reply's text: who wrote the original and its first line, as a button that
 * scrolls to it (when loaded: else a toast says where it is), or "Original message deleted".
 * `onAccent` for the reader's own accent-filled bubbles.
 */
export function ReplyQuote({ quote, onAccent = false }: { quote: Quote; onAccent?: boolean }) {
  const frame = clsx(
    "mb-1 block w-full max-w-full rounded-md border-l-4 px-2 py-1 text-left text-[13px] leading-snug",
    onAccent ? "border-accent-contrast/60 bg-accent-contrast/15" : "border-accent-line bg-surface-muted",
  );
  if ("deleted" in quote) {
    return (
      <p className={clsx(frame, "italic", onAccent ? "text-accent-contrast" : "text-fg-muted")}>{ORIGINAL_DELETED}</p>
    );
  }
  const line = quotedLine(quote);
  return (
    <button
      type="button"
      aria-label={`In reply to ${quote.authorName}: ${line}. Show the original`}
      onClick={() => {
        if (!jumpToMessage(quote._id)) toast.info(ORIGINAL_NOT_LOADED);
      }}
      className={clsx(
        frame,
        "cursor-pointer focus-ring",
        onAccent ? "hover:bg-accent-contrast/25" : "hover:bg-surface-strong",
      )}
    >
      <span className={clsx("block truncate font-semibold", onAccent ? "text-accent-contrast" : "text-accent-fg")}>
        {quote.authorName}
      </span>
      <span className={clsx("block truncate", onAccent ? "text-accent-contrast" : "text-fg-muted")}>{line}</span>
    </button>
  );
}
