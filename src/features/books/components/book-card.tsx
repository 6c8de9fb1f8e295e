import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import type { BookCardData } from "../book-types";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";

/** A book in a grid: cover, title linking to the book, creator avatar linking to their account. */
export function BookCard({
  book,
  aboveTheFold = false,
  highlight,
}: {
  book: BookCardData;
  aboveTheFold?: boolean;
  /** Marks the words a search found in the title (/search). */
  highlight?: (text: string) => ReactNode;
}) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:shadow-md">
      <Link
        to={paths.book.href(book._id)}
        tabIndex={-1}
        aria-hidden
        className="block aspect-[3/4] overflow-hidden bg-surface-muted"
      >
        {book.imageUrl ? (
          <img
            src={book.imageUrl}
            alt=""
            // The first cards are the page's largest paint: fetch them at once, not when scrolled to.
            loading={aboveTheFold ? "eager" : "lazy"}
            fetchPriority={aboveTheFold ? "high" : "auto"}
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-fg-faint">No cover</div>
        )}
      </Link>
      <div className="flex items-start gap-2 p-3">
        <CreatorAvatarLink creator={book.creator} size="sm" />
        <h2 className="min-w-0 flex-1 text-sm leading-snug font-semibold text-fg sm:text-base">
          <Link
            to={paths.book.href(book._id)}
            className="line-clamp-2 rounded-sm hover:text-accent-fg hover:underline focus-ring"
          >
            {highlight ? highlight(book.title) : book.title}
          </Link>
        </h2>
      </div>
    </article>
  );
}
