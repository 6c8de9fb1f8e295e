import { clsx } from "clsx";
import { POST_CATEGORIES, type PostCategory } from "@convex/shared/validators";

const chip = "inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium transition focus-ring";

/** "psychology" → "Psychology", as the feed shows a category. */
function label(category: PostCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/**
 * The Posts tab's category: chips in the feed's look, one chosen at a time (the search index
 * filters by one category), "Any category" for all. The feed's own control chooses several
 * categories and a sort, which a search by relevance has no use for.
 */
export function CategoryFilter({
  category,
  onChoose,
}: {
  category: PostCategory | null;
  onChoose: (category: PostCategory | null) => void;
}) {
  const choices: (PostCategory | null)[] = [null, ...POST_CATEGORIES];
  return (
    <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
      {choices.map((choice) => {
        const on = choice === category;
        return (
          <button
            key={choice ?? "any"}
            type="button"
            aria-pressed={on}
            onClick={() => onChoose(choice)}
            className={clsx(
              chip,
              on
                ? "border-accent bg-accent text-accent-contrast hover:bg-accent-hover"
                : "border-line-strong bg-surface text-fg-muted hover:bg-canvas",
            )}
          >
            {choice === null ? "Any category" : label(choice)}
          </button>
        );
      })}
    </div>
  );
}
