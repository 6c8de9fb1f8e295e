/** How much of the text goes into the name: enough to tell the items of a list apart. */
const QUOTED_CHARACTERS = 40;

/**
 * A control's accessible name followed by the start of the text it acts on, e.g.
 * `Delete message “See you at eight”`, so that the Delete (or Report, or Edit) buttons of a list
 * of messages or comments do not all have one name in a screen reader's list of buttons.
 */
export function nameWithQuote(name: string, text: string): string {
  const words = text.replace(/\s+/g, " ").trim();
  if (words === "") return name;
  // By code points, so an emoji is never cut in half.
  const characters = Array.from(words);
  const quoted =
    characters.length > QUOTED_CHARACTERS ? `${characters.slice(0, QUOTED_CHARACTERS).join("").trimEnd()}…` : words;
  return `${name} “${quoted}”`;
}
