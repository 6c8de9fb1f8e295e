/**
 * What each searched document stores in its `searchText` (issue 33). A Convex search index has
 * one search field, so every searched table keeps the fields people search by joined into one
 * text, written by the same mutation that writes those fields (see docs/architecture.md,
 * "Search"). One index per table answers a page with one paginated read, in relevance order;
 * several indexes (one per field) would need merging whose relevance cannot be compared and
 * whose pages could not be continued with one cursor.
 */
import type { Doc } from "../../_generated/dataModel";

/**
 * Letters and digits only, words split by single spaces. Convex's tokenizer splits on anything
 * else too; doing it here makes the other engines (convex-test, the local backend) see the same
 * words, so "Herbert's" and "<b>Dune</b>" find what they find on Convex.
 */
export function searchWords(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

function joined(parts: (string | undefined)[]): string {
  return parts
    .map((part) => searchWords(part ?? ""))
    .filter((part) => part.length > 0)
    .join(" ");
}

/** People are found by display name, hometown and interests. */
export function profileSearchText(profile: Pick<Doc<"profiles">, "displayName" | "hometown" | "interests">): string {
  return joined([profile.displayName, profile.hometown, profile.interests]);
}

/** Books by title, author and description. */
export function bookSearchText(book: Pick<Doc<"books">, "title" | "author" | "description">): string {
  return joined([book.title, book.author, book.description]);
}

/** Posts by title and description (the category is a filter field of the index). */
export function postSearchText(post: Pick<Doc<"posts">, "title" | "description">): string {
  return joined([post.title, post.description]);
}

/** Chat rooms by name and description. */
export function chatRoomSearchText(room: Pick<Doc<"chatRooms">, "name" | "description">): string {
  return joined([room.name, room.description]);
}
