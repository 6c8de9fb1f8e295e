import { clsx } from "clsx";
import { Check } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { controlLookClass } from "@/components/ui/field";
import { CATEGORIES, categoryLabel, SORTS, type FeedSort, type PostCategory } from "../post-categories";

type FeedControlsProps = {
  sort: FeedSort;
  onSortChange: (sort: FeedSort) => void;
  selected: PostCategory[];
  onToggle: (category: PostCategory) => void;
  onSelectAll: () => void;
  onSelectNone: () => void;
};

/** A category toggle: a chip that is filled while its category is shown. */
const chip =
  "inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-medium transition focus-ring";

/** Sort select (Date/Views/Likes/Comments, descending) and the category filter with All / None. */
export function FeedControls({ sort, onSortChange, selected, onToggle, onSelectAll, onSelectNone }: FeedControlsProps) {
  const sortId = useId();
  return (
    <Card padding="sm" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-fg-secondary">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSortChange(event.target.value as FeedSort)}
          className={clsx("min-h-9 rounded-lg px-2 text-sm", controlLookClass)}
        >
          {SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label="Categories" className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          shape="pill"
          onClick={() => selected.length !== CATEGORIES.length && onSelectAll()}
          aria-disabled={selected.length === CATEGORIES.length}
        >
          All
        </Button>
        <Button
          size="sm"
          shape="pill"
          onClick={() => selected.length !== 0 && onSelectNone()}
          aria-disabled={selected.length === 0}
        >
          None
        </Button>
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
    </Card>
  );
}
