/**
 * Where a message's text holds web addresses (issue 32: `https://` text becomes a link, no preview
 * is fetched). Only https: an http address, a `javascript:` or a `data:` one stays plain text.
 * Punctuation that ends a sentence is not part of the link ("see https://a.example/x." links
 * ".../x"), and neither is a closing bracket that the address did not open.
 */

/** One run of a text: plain words, or an address to link (`href` as written, checked by URL). */
export type TextRun = { kind: "text"; text: string; start: number } | { kind: "link"; text: string; start: number };

const ADDRESS = /https:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?'"…]$/;
const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** The address without what reads as the sentence's punctuation after it. */
function trimmedAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const last = address.at(-1) ?? "";
    const opener = CLOSERS[last];
    if (TRAILING_PUNCTUATION.test(address)) address = address.slice(0, -1);
    else if (opener !== undefined && count(address, opener) < count(address, last)) address = address.slice(0, -1);
    else return address;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** Whether `address` is a well-formed https address with a host (so "https://" alone is not). */
function isWebAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The text cut into plain runs and link runs, in order; joined back they are the text. */
export function linkRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimmedAddress(match[0]);
    if (!isWebAddress(address)) continue;
    if (match.index > at) runs.push({ kind: "text", text: text.slice(at, match.index), start: at });
    runs.push({ kind: "link", text: address, start: match.index });
    at = match.index + address.length;
  }
  if (at < text.length) runs.push({ kind: "text", text: text.slice(at), start: at });
  return runs;
}
