import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { useFeedPages } from "../hooks/use-feed-pages";
import type { FeedSort, PostCategory } from "../post-categories";
import { PostCard } from "./post-card";

/** Cards in view on arrival (a row of four on wide screens, about that many on a phone). */
const ABOVE_THE_FOLD = 4;

/** The live grid of post cards for one sort and filter, eight per page, with Previous/Next. */
export function FeedList({ sort, categories }: { sort: FeedSort; categories: PostCategory[] }) {
  const feed = useFeedPages(sort, categories);

  if (feed.isLoading) return <Spinner />;
  if (feed.posts === undefined || feed.posts.length === 0) {
    return <EmptyState title="No posts match your current filters" />;
  }
  return (
    <>
      <ul
        aria-label="Posts"
        aria-busy={feed.isChangingPage}
        className={`grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-4 ${feed.isChangingPage ? "opacity-60" : ""}`}
      >
        {feed.posts.map((post, index) => (
          <li key={post._id}>
            <PostCard post={post} aboveTheFold={index < ABOVE_THE_FOLD} />
          </li>
        ))}
      </ul>
      <Pagination
        page={feed.pageNumber}
        totalPages={feed.totalPages}
        canGoBack={feed.canGoBack}
        canGoForward={feed.canGoForward}
        onPrevious={feed.previous}
        onNext={feed.next}
      />
    </>
  );
}
