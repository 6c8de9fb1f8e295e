/** The chat room's emoji choices (seed §9: 29), each with the name a screen reader says. */
export const EMOJIS: readonly { emoji: string; name: string }[] = [
  { emoji: "😀", name: "Grinning face" },
  { emoji: "😂", name: "Face with tears of joy" },
  { emoji: "😊", name: "Smiling face" },
  { emoji: "😍", name: "Heart eyes" },
  { emoji: "🥰", name: "Smiling face with hearts" },
  { emoji: "😎", name: "Cool face with sunglasses" },
  { emoji: "😉", name: "Winking face" },
  { emoji: "😅", name: "Grinning face with sweat" },
  { emoji: "🤔", name: "Thinking face" },
  { emoji: "😮", name: "Surprised face" },
  { emoji: "🙄", name: "Face with rolling eyes" },
  { emoji: "😴", name: "Sleeping face" },
  { emoji: "😢", name: "Crying face" },
  { emoji: "😭", name: "Loudly crying face" },
  { emoji: "😡", name: "Angry face" },
  { emoji: "🤗", name: "Hugging face" },
  { emoji: "👍", name: "Thumbs up" },
  { emoji: "👎", name: "Thumbs down" },
  { emoji: "👏", name: "Clapping hands" },
  { emoji: "🙏", name: "Folded hands" },
  { emoji: "💪", name: "Flexed biceps" },
  { emoji: "👋", name: "Waving hand" },
  { emoji: "❤️", name: "Red heart" },
  { emoji: "🔥", name: "Fire" },
  { emoji: "🎉", name: "Party popper" },
  { emoji: "✨", name: "Sparkles" },
  { emoji: "💯", name: "Hundred points" },
  { emoji: "📚", name: "Books" },
  { emoji: "☕", name: "Hot drink" },
];

/**
 * `text` with `insert` put where the cursor is (replacing a selection), and where the cursor
 * goes next: just after what was inserted.
 */
export function insertAtCursor(
  text: string,
  insert: string,
  selectionStart: number,
  selectionEnd: number = selectionStart,
): { text: string; cursor: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  return { text: text.slice(0, start) + insert + text.slice(end), cursor: start + insert.length };
}
