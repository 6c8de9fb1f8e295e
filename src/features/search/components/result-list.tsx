import { clsx } from "clsx";
import type { ReactNode } from "react";

/** How a kind's results lie out: as its own page shows them (board grid, feed grid, rows). */
export type ResultLayout = "people" | "books" | "posts" | "chatRooms";

const LAYOUTS: Record<ResultLayout, string> = {
  people: "divide-y divide-line-subtle",
  books: "grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-4",
  posts: "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4",
  chatRooms: "space-y-3",
};

type ResultListProps<T> = {
  items: readonly T[];
  layout: ResultLayout;
  label: string;
  /** Results of an older query, shown while the newest one's are on their way. */
  stale: boolean;
  itemKey: (item: T) => string;
  /** The item's card; people rows are list items already, the other cards get one. */
  render: (item: T) => ReactNode;
};

/** One kind's results, marked for the arrow keys (result-keys.ts). */
export function ResultList<T>({ items, layout, label, stale, itemKey, render }: ResultListProps<T>) {
  return (
    <ul
      data-results=""
      aria-label={label}
      aria-busy={stale}
      className={clsx(LAYOUTS[layout], "transition-opacity", stale && "opacity-60")}
    >
      {items.map((item) =>
        layout === "people" ? (
          <ResultKey key={itemKey(item)}>{render(item)}</ResultKey>
        ) : (
          <li key={itemKey(item)}>{render(item)}</li>
        ),
      )}
    </ul>
  );
}

/** A keyed fragment: the person row is the <li> itself. */
function ResultKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
