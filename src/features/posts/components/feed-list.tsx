import { EmptyState, ResultsStatus } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";
import { useFeedPages } from "../hooks/use-feed-pages";
import { CATEGORIES, type FeedSort, type PostCategory } from "../post-categories";
import { PostCard } from "./post-card";

/** Cards in view on arrival (a row of four on wide screens, about that many on a phone). */
const ABOVE_THE_FOLD = 4;

const NO_POSTS = "No posts match your current filters";

/** What the screen reader hears after a filter changes: "3 posts on this page, from 2 categories". */
function resultsMessage(count: number, categories: PostCategory[]): string {
  if (count === 0) return NO_POSTS;
  const posts = `${count === 1 ? "1 post" : `${count} posts`} on this page`;
  if (categories.length === CATEGORIES.length) return `${posts}, from all categories`;
  return `${posts}, from ${categories.length === 1 ? "1 category" : `${categories.length} categories`}`;
}

/** The live grid of post cards for one sort and filter, eight per page, with Previous/Next. */
export function FeedList({ sort, categories }: { sort: FeedSort; categories: PostCategory[] }) {
  const feed = useFeedPages(sort, categories);
  useScrollRestoredOnBack(!feed.isLoading);

  if (feed.isLoading) return <Spinner />;
  const posts = feed.posts ?? [];
  const status = <ResultsStatus message={feed.isChangingPage ? null : resultsMessage(posts.length, categories)} />;
  if (posts.length === 0) {
    return (
      <>
        {status}
        <EmptyState title={NO_POSTS} />
      </>
    );
  }
  return (
    <>
      {status}
      <ul
        aria-label="Posts"
        aria-busy={feed.isChangingPage}
        className={`grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-4 ${feed.isChangingPage ? "opacity-60" : ""}`}
      >
        {posts.map((post, index) => (
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
