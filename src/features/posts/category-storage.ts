import { CATEGORIES, type PostCategory } from "./post-categories";

/** The local storage key the original used for the category filter (seed §7). */
export const SELECTED_CATEGORIES_KEY = "selectedCategories";

/**
 * The remembered category selection: a JSON array of category names. Nothing stored (first visit)
 * or something unreadable means all categories; unknown names are dropped; an empty array stays
 * empty ("None" is a choice worth remembering).
 */
export function readSelectedCategories(storage: Pick<Storage, "getItem"> | undefined): PostCategory[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SELECTED_CATEGORIES_KEY) ?? null;
  } catch {
    // Storage can be blocked (private mode, policies); the filter then starts at "All".
  }
  if (raw === null) return [...CATEGORIES];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...CATEGORIES];
    return CATEGORIES.filter((category) => parsed.includes(category));
  } catch {
    return [...CATEGORIES];
  }
}

/** Remembers the selection; failing storage only means it is not remembered. */
export function writeSelectedCategories(
  storage: Pick<Storage, "setItem"> | undefined,
  categories: PostCategory[],
): void {
  try {
    storage?.setItem(SELECTED_CATEGORIES_KEY, JSON.stringify(categories));
  } catch {
    // Nothing to do: the choice still applies for this visit.
  }
}

/** Adds or removes one category, keeping the enumeration's order. */
export function toggleCategory(selected: readonly PostCategory[], category: PostCategory): PostCategory[] {
  const next = selected.includes(category) ? selected.filter((c) => c !== category) : [...selected, category];
  return CATEGORIES.filter((c) => next.includes(c));
}
