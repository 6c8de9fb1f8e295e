import { useMutation, useQuery } from "convex/react";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { showSuccess } from "@/lib/toasts";
import { EmptyState } from "@/components/ui/empty-state";
import { ReportButton } from "@/components/moderation/report-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { withFailureToast } from "@/lib/show-failure";
import { useRecordViewOnce } from "@/hooks/use-record-view-once";
import { BookComments } from "./components/book-comments";
import { BookInfo } from "./components/book-info";
import { BookOwnerActions } from "./components/book-owner-actions";
import { OtherBooks } from "./components/other-books";
import { useBookIdParam } from "./hooks/use-book-id";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /books/{id}: the book, its likes and views, owner Edit/Delete, comments and the creator's other books. */
export default function BookDetailsPage() {
  useScreenTitle("Book");
  const bookId = useBookIdParam();
  const book = useQuery(api.books.get, { bookId });
  const removeBook = useMutation(api.books.remove);
  const navigate = useNavigate();
  // Set while the owner deletes, so the moment the book disappears is not shown as "Book not found".
  const [leaving, setLeaving] = useState(false);
  const recordView = useMutation(api.books.recordView);
  useRecordViewOnce(book?._id, (bookId) => recordView({ bookId }));

  if (book === undefined || (book === null && leaving)) return <Spinner />;
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

  async function deleteBook() {
    if (!book) return;
    setLeaving(true);
    const bookId = book._id;
    try {
      await withFailureToast(() => removeBook({ bookId }), "Failed to delete book. Please try again.");
    } catch (error) {
      setLeaving(false);
      throw error;
    }
    showSuccess("Book deleted successfully!");
    navigate(paths.books.href(), { replace: true });
  }

  return (
    <div className="mx-auto max-w-5xl space-y-10 px-3 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.books.href()}
        className="inline-flex min-h-10 items-center gap-1 rounded text-sm font-medium text-fg-muted hover:text-fg hover:underline focus-ring"
      >
        <ArrowLeft aria-hidden className="size-4" />
        BOOK_CROSS
      </Link>
      <BookInfo
        book={book}
        ownerActions={
          book.isOwner ? (
            <BookOwnerActions book={book} onDelete={deleteBook} />
          ) : (
            <ReportButton target={{ kind: "book", id: book._id }} label="book" />
          )
        }
      />
      <BookComments bookId={book._id} count={book.comments} />
      <OtherBooks book={book} />
    </div>
  );
}
