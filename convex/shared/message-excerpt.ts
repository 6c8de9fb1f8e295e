/**
 * The one line of a message that a reply quotes (issue 32): the server's quotes
 * (lib/message-replies.ts) and the composer's "Replying to" bar cut it the same way.
 */

/** How much of the original a quote carries: enough for one line of a phone's width. */
export const EXCERPT_LENGTH = 100;

/** The text on one line, cut at EXCERPT_LENGTH with an ellipsis. */
export function excerptOf(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > EXCERPT_LENGTH ? `${oneLine.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : oneLine;
}
