import type { PostCategory } from "@convex/shared/validators";

export type { PostCategory };

/** The six post categories of seed §3, in the order the filter and the select show them. */
export const CATEGORIES = [
  "psychology",
  "science",
  "art",
  "philosophy",
  "productivity",
  "uncategorized",
] as const satisfies readonly PostCategory[];

/** "psychology" → "Psychology": how a category is shown. */
export function categoryLabel(category: PostCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** The feed's sort orders (seed §2), all descending, with their labels. */
export const SORTS = [
  { value: "date", label: "Date" },
  { value: "views", label: "Views" },
  { value: "likes", label: "Likes" },
  { value: "comments", label: "Comments" },
] as const;
export type FeedSort = (typeof SORTS)[number]["value"];
export const DEFAULT_SORT: FeedSort = "date";

/** The sort an address asks for (?sort=likes); anything unknown is the default, newest first. */
export function sortFromParam(value: string | null): FeedSort {
  return SORTS.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
}

/** Character limits the server enforces (convex/shared/text.ts), mirrored on the fields. */
export const POST_LIMITS = { title: 120, description: 5000, comment: 1000 } as const;
