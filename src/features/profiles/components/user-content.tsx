import { usePaginatedQuery } from "convex/react";
import { Heart, MessageCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatCount } from "@/lib/format";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";

const PER_LOAD = 6;

type ContentCard = { _id: string; title: string; imageUrl: string | null; likes: number; comments: number };

function ContentGrid({
  title,
  items,
  status,
  loadMore,
  linkTo,
  emptyText,
}: {
  title: string;
  items: ContentCard[];
  status: "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";
  loadMore: (count: number) => void;
  linkTo: (id: string) => string;
  emptyText: string;
}) {
  const headingId = `user-content-${title.toLowerCase()}`;
  return (
    // Takes the focus (tabindex -1) when "Show more" goes with the last of the list.
    <section aria-labelledby={headingId} tabIndex={-1} className="space-y-3 focus:outline-none">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface/70 px-4 py-6 text-center text-sm text-fg-muted">
          {emptyText}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item) => (
            <li key={item._id}>
              <Link
                to={linkTo(item._id)}
                className="group block overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:shadow-md focus-ring"
              >
                <div className="aspect-[4/3] bg-surface-muted">
                  {item.imageUrl && (
                    <img src={item.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
                  )}
                </div>
                <div className="space-y-1 p-2.5">
                  <p className="line-clamp-2 text-sm font-medium text-fg group-hover:underline">{item.title}</p>
                  <p className="flex gap-3 text-xs text-fg-muted">
                    <span className="inline-flex items-center gap-1">
                      <Heart aria-hidden className="size-3.5" />
                      {formatCount(item.likes)}
                      <span className="sr-only"> likes</span>
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <MessageCircle aria-hidden className="size-3.5" />
                      {formatCount(item.comments)}
                      <span className="sr-only"> comments</span>
                    </span>
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton
        status={status}
        onLoadMore={() => loadMore(PER_LOAD)}
        label={`Show more ${title.toLowerCase()}`}
        className=""
      />
    </section>
  );
}

/** The user's posts and books (seed §2 Account), newest first, a few at a time. */
export function UserContent({ userId, name, isOwner }: { userId: Id<"users">; name: string; isOwner: boolean }) {
  const posts = usePaginatedQuery(api.profiles.postsOf, { userId }, { initialNumItems: PER_LOAD });
  const books = usePaginatedQuery(api.profiles.booksOf, { userId }, { initialNumItems: PER_LOAD });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ContentGrid
        title="Posts"
        items={posts.results}
        status={posts.status}
        loadMore={posts.loadMore}
        linkTo={paths.post.href}
        emptyText={isOwner ? "You have not posted on DUMY yet." : `${name} has not posted on DUMY yet.`}
      />
      <ContentGrid
        title="Books"
        items={books.results}
        status={books.status}
        loadMore={books.loadMore}
        linkTo={paths.book.href}
        emptyText={
          isOwner ? "You have not added a book to BOOK_CROSS yet." : `${name} has not added a book to BOOK_CROSS yet.`
        }
      />
    </div>
  );
}
