import { Plus } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { PAGE_PARAM } from "@/hooks/use-address-pages";
import { FeedControls } from "./components/feed-controls";
import { FeedErrorBoundary } from "./components/feed-error-boundary";
import { FeedList } from "./components/feed-list";
import { useSelectedCategories } from "./hooks/use-selected-categories";
import { DEFAULT_SORT, sortFromParam, type FeedSort } from "./post-categories";
import { useScreenTitle } from "@/hooks/use-screen-title";

const SORT_PARAM = "sort";

/**
 * /dumy: the DUMY post feed — sort, category filter (remembered), live cards 8 per page, '+' to
 * add. Sort and page are in the address (?sort=likes&page=2): Back, reload and links keep them.
 */
export default function FeedPage() {
  useScreenTitle("Posts");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const sort = sortFromParam(searchParams.get(SORT_PARAM));
  const categories = useSelectedCategories();

  /** Another sort or filter is another list: it starts at page 1. */
  function showFirstPage(nextSort: FeedSort, replace: boolean) {
    const next = new URLSearchParams(searchParams);
    next.delete(PAGE_PARAM);
    if (nextSort === DEFAULT_SORT) next.delete(SORT_PARAM);
    else next.set(SORT_PARAM, nextSort);
    const search = next.toString();
    void navigate({ search: search === "" ? "" : `?${search}` }, { replace });
  }
  const changingFilter =
    <Args extends unknown[]>(change: (...args: Args) => void) =>
    (...args: Args) => {
      change(...args);
      showFirstPage(sort, true);
    };

  return (
    <section className="mx-auto max-w-6xl space-y-5 px-3 py-6 sm:px-6 sm:py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">DUMY</h1>
        <Link
          to={paths.postAdd.href()}
          aria-label="Add post"
          title="Add post"
          className="inline-flex size-11 items-center justify-center rounded-full bg-accent text-accent-contrast shadow-md transition hover:bg-accent-hover focus-ring"
        >
          <Plus aria-hidden className="size-6" />
        </Link>
      </div>
      <FeedControls
        sort={sort}
        onSortChange={(nextSort) => showFirstPage(nextSort, false)}
        selected={categories.selected}
        onToggle={changingFilter(categories.toggle)}
        onSelectAll={changingFilter(categories.selectAll)}
        onSelectNone={changingFilter(categories.selectNone)}
      />
      <FeedErrorBoundary resetKey={`${sort}|${categories.selected.join(",")}`}>
        <FeedList sort={sort} categories={categories.selected} />
      </FeedErrorBoundary>
    </section>
  );
}
