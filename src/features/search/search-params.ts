import { SEARCH_KINDS, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, type SearchKind } from "@convex/shared/search";
import { POST_CATEGORIES, type PostCategory } from "@convex/shared/validators";

/** What /search?q=…&type=…&category=… asks for; anything unknown falls back to the default. */
export type SearchAddress = {
  /** The query as typed (cut to SEARCH_MAX_CHARS), for the field. */
  typed: string;
  /** Whether the address held a longer query than SEARCH_MAX_CHARS. */
  cut: boolean;
  kind: SearchKind;
  /** The Posts tab's category filter; null for every category. */
  category: PostCategory | null;
};

export function readSearchAddress(params: URLSearchParams): SearchAddress {
  const { text, cut } = cutQuery(params.get("q") ?? "");
  return {
    typed: text,
    cut,
    kind: kindFromParam(params.get("type")),
    category: categoryFromParam(params.get("category")),
  };
}

export function kindFromParam(value: string | null): SearchKind {
  return SEARCH_KINDS.find((kind) => kind === value) ?? "all";
}

export function categoryFromParam(value: string | null): PostCategory | null {
  return POST_CATEGORIES.find((category) => category === value) ?? null;
}

/**
 * The text cut to SEARCH_MAX_CHARS, as the server cuts it, without leaving half of an emoji (a
 * lone high surrogate) at the end.
 */
export function cutQuery(text: string): { text: string; cut: boolean } {
  if (text.length <= SEARCH_MAX_CHARS) return { text, cut: false };
  let kept = text.slice(0, SEARCH_MAX_CHARS);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return { text: kept, cut: true };
}

/** The query the server is asked, or null while it is too short to ask (the page shows the hint). */
export function queryToAsk(typed: string): string | null {
  const query = cutQuery(typed).text.trim();
  return query.length < SEARCH_MIN_CHARS ? null : query;
}
