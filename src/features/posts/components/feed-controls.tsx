import { clsx } from "clsx";
import { Check } from "lucide-react";
import { useId } from "react";
import { CATEGORIES, categoryLabel, SORTS, type FeedSort, type PostCategory } from "../post-categories";

type FeedControlsProps = {
  sort: FeedSort;
  onSortChange: (sort: FeedSort) => void;
  selected: PostCategory[];
  onToggle: (category: PostCategory) => void;
  onSelectAll: () => void;
  onSelectNone: () => void;
};

const chip =
  "inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-medium transition focus-ring";

/** Sort select (Date/Views/Likes/Comments, descending) and the category filter with All / None. */
export function FeedControls({ sort, onSortChange, selected, onToggle, onSelectAll, onSelectNone }: FeedControlsProps) {
  const sortId = useId();
  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-fg-secondary">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSortChange(event.target.value as FeedSort)}
          className="min-h-9 rounded-lg border border-line-strong bg-surface px-2 text-sm shadow-sm focus:border-accent-line focus:outline-2 focus:outline-focus/30"
        >
          {SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label="Categories" className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => selected.length !== CATEGORIES.length && onSelectAll()}
          aria-disabled={selected.length === CATEGORIES.length}
          className={clsx(
            chip,
            "border-line-strong bg-canvas text-fg-secondary hover:bg-surface-muted aria-disabled:opacity-50",
          )}
        >
          All
        </button>
        <button
          type="button"
          onClick={() => selected.length !== 0 && onSelectNone()}
          aria-disabled={selected.length === 0}
          className={clsx(
            chip,
            "border-line-strong bg-canvas text-fg-secondary hover:bg-surface-muted aria-disabled:opacity-50",
          )}
        >
          None
        </button>
        <span aria-hidden className="mx-1 hidden h-6 w-px bg-surface-strong sm:block" />
        {CATEGORIES.map((category) => {
          const on = selected.includes(category);
          return (
            <button
              key={category}
              type="button"
              aria-pressed={on}
              onClick={() => onToggle(category)}
              className={clsx(
                chip,
                on
                  ? "border-accent bg-accent text-accent-contrast hover:bg-accent-hover"
                  : "border-line-strong bg-surface text-fg-muted hover:bg-canvas",
              )}
            >
              {on && <Check aria-hidden className="size-3.5" />}
              {categoryLabel(category)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
