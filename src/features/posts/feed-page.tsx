import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { FeedControls } from "./components/feed-controls";
import { FeedErrorBoundary } from "./components/feed-error-boundary";
import { FeedList } from "./components/feed-list";
import { useSelectedCategories } from "./hooks/use-selected-categories";
import type { FeedSort } from "./post-categories";

/** /dumy: the DUMY post feed — sort, category filter (remembered), live cards 8 per page, '+' to add. */
export default function FeedPage() {
  const [sort, setSort] = useState<FeedSort>("date");
  const categories = useSelectedCategories();

  return (
    <section className="mx-auto max-w-6xl space-y-5 px-3 py-6 sm:px-6 sm:py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">DUMY</h1>
        <Link
          to={paths.postAdd}
          aria-label="Add post"
          title="Add post"
          className="inline-flex size-11 items-center justify-center rounded-full bg-brand-600 text-white shadow-md transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Plus aria-hidden className="size-6" />
        </Link>
      </div>
      <FeedControls
        sort={sort}
        onSortChange={setSort}
        selected={categories.selected}
        onToggle={categories.toggle}
        onSelectAll={categories.selectAll}
        onSelectNone={categories.selectNone}
      />
      <FeedErrorBoundary resetKey={`${sort}|${categories.selected.join(",")}`}>
        <FeedList sort={sort} categories={categories.selected} />
      </FeedErrorBoundary>
    </section>
  );
}
