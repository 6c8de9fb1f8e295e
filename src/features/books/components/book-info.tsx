import { useMutation } from "convex/react";
import { CalendarDays, Eye, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { LikeButton } from "@/components/likes/like-button";
import { api } from "@convex/_generated/api";
import type { BookDetails } from "../book-types";
import { ignoreShownFailure, withFailureToast } from "@/lib/show-failure";
import { TimeAgo } from "@/components/ui/time-ago";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";

type BookInfoProps = {
  book: BookDetails;
  /** The owner's controls, shown under the like button. */
  ownerActions?: ReactNode;
};

/** The top of the details page: cover, title, posted date, description with contact, 'Added by', likes, views. */
export function BookInfo({ book, ownerActions }: BookInfoProps) {
  const toggleLike = useMutation(api.books.toggleLike);

  function like() {
    return withFailureToast(
      () => toggleLike({ bookId: book._id }),
      "Could not update the like. Please try again.",
    ).catch(ignoreShownFailure);
  }

  return (
    <article className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-10">
      <div className="mx-auto w-full max-w-xs overflow-hidden rounded-2xl bg-surface-muted shadow-sm ring-1 ring-line sm:max-w-sm md:max-w-none md:self-start">
        {book.imageUrl ? (
          // A cover's own shape is unknown until it loads: a 3:4 box (the board's) keeps its room from
          // the start, so the text beside or below it does not jump. It is the page's largest paint.
          <img
            src={book.imageUrl}
            alt={`Cover of ${book.title}`}
            fetchPriority="high"
            className="aspect-[3/4] max-h-[70vh] w-full object-contain"
          />
        ) : (
          <div className="flex aspect-[3/4] items-center justify-center text-fg-faint">No cover</div>
        )}
      </div>

      <div className="min-w-0 space-y-5">
        <header className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{book.title}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-subtle">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" />
              Posted <TimeAgo timestamp={book._creationTime} />
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Eye aria-hidden className="size-4" />
              {book.views} {book.views === 1 ? "view" : "views"}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <MessageCircle aria-hidden className="size-4" />
              {book.comments} {book.comments === 1 ? "comment" : "comments"}
            </span>
          </p>
        </header>

        {(book.description || book.contact) && (
          <div className="space-y-3 text-base leading-relaxed break-words whitespace-pre-line text-fg">
            {book.description && <p>{book.description}</p>}
            {book.contact && (
              <p className="rounded-lg bg-canvas px-3 py-2 text-sm ring-1 ring-line">
                <span className="font-semibold">Contact: </span>
                {book.contact}
              </p>
            )}
          </div>
        )}

        <div className="flex items-center gap-3 text-sm text-fg-muted">
          <span>Added by</span>
          <CreatorAvatarLink creator={book.creator} size="sm" showName />
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          <LikeButton liked={book.likedByMe} count={book.likes} onToggle={like} />
          {ownerActions}
        </div>
      </div>
    </article>
  );
}
