/**
 * How reactions are said: each emoji's name for screen readers and tooltips, and the who-list
 * line ("Alice, Bob and 3 others"). Plain code, no React.
 */
import type { ReactionEmoji } from "@convex/shared/message-extras";

/** What a screen reader says for each emoji of the set (the picker's names, lib/emojis.ts). */
export const REACTION_NAMES: Record<ReactionEmoji, string> = {
  "👍": "Thumbs up",
  "❤️": "Red heart",
  "😂": "Face with tears of joy",
  "😮": "Surprised face",
  "😢": "Crying face",
  "🙏": "Folded hands",
};

/** A pill's accessible name: "Red heart: 3 reactions". Pressed or not is `aria-pressed`'s to say. */
export function pillLabel(emoji: ReactionEmoji, count: number): string {
  return `${REACTION_NAMES[emoji]}: ${count} ${count === 1 ? "reaction" : "reactions"}`;
}

/** The names as one line: "You", "Alice and Bob", "Alice, Bob and Carol", "…and 3 others". */
export function whoLine(names: readonly string[], total: number): string {
  const others = Math.max(0, total - names.length);
  const parts = others > 0 ? [...names, `${others} ${others === 1 ? "other" : "others"}`] : [...names];
  if (parts.length === 0) return "Nobody yet";
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;
}
