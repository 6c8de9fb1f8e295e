import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { BookDetails } from "../book-types";
import { BookCard } from "./book-card";

/** "More books by …": the creator's other books; nothing at all when there are none. */
export function OtherBooks({ book }: { book: BookDetails }) {
  const others = useQuery(api.books.byUser, { userId: book.creator.userId, excludeBookId: book._id });
  if (!others || others.length === 0) return null;
  return (
    <section aria-labelledby="other-books-heading" className="space-y-4">
      <h2 id="other-books-heading" className="text-lg font-semibold text-fg">
        More books by {book.creator.displayName}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
        {others.map((other) => (
          <li key={other._id}>
            <BookCard book={other} />
          </li>
        ))}
      </ul>
    </section>
  );
}
