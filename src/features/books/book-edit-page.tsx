import { useQuery } from "convex/react";
import { Lock } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { showSuccess } from "@/lib/toasts";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { BookEditForm } from "./components/book-edit-form";
import { useBookIdParam } from "./hooks/use-book-id";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /books/edit/{id}: the owner edits the book; anyone else is told they may not (the server refuses too). */
export default function BookEditPage() {
  useScreenTitle("Edit book");
  const bookId = useBookIdParam();
  const book = useQuery(api.books.get, { bookId });
  const navigate = useNavigate();

  if (book === undefined) return <Spinner />;
  if (book === null) {
    return (
      <section className="px-4 py-16">
        <EmptyState title="Book not found">
          <Link to={paths.books.href()} className="text-sm font-medium text-accent-fg hover:underline">
            Back to BOOK_CROSS
          </Link>
        </EmptyState>
      </section>
    );
  }
  if (!book.isOwner) {
    return (
      <section className="px-4 py-16">
        <EmptyState title="You can only edit books you added.">
          <Lock aria-hidden className="size-6 text-fg-faint" />
          <Link to={paths.book.href(book._id)} className="text-sm font-medium text-accent-fg hover:underline">
            Back to “{book.title}”
          </Link>
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg">Edit book</h1>
      <Card>
        <BookEditForm
          book={book}
          onCancel={() => navigate(paths.book.href(book._id))}
          onSaved={() => {
            showSuccess("Book updated successfully!");
            navigate(paths.book.href(book._id));
          }}
        />
      </Card>
    </section>
  );
}
