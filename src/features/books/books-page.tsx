import { useState } from "react";
import { showSuccess } from "@/lib/toasts";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { BookCard } from "./components/book-card";
import { BookFormDialog } from "./components/book-form-dialog";
import { BooksQuote } from "./components/books-quote";
import { useBookPages } from "./hooks/use-book-pages";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";

/** Cards in view on arrival (a row of four on wide screens, about that many on a phone). */
const ABOVE_THE_FOLD = 4;

/** /books: the BOOK_CROSS board — quote, '+ Add Book', a live grid 8 per page, Previous/Next. */
export default function BooksPage() {
  useScreenTitle("BOOK_CROSS");
  const board = useBookPages();
  useScrollRestoredOnBack(!board.isLoading);
  const [adding, setAdding] = useState(false);

  const addButton = (
    <Button variant="primary" onClick={() => setAdding(true)}>
      + Add Book
    </Button>
  );

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-6 sm:py-8">
      <BooksQuote />
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">BOOK_CROSS</h1>
        {addButton}
      </div>

      {board.isLoading ? (
        <Spinner />
      ) : board.books === undefined || board.books.length === 0 ? (
        <EmptyState title="No books on the board yet. Share one you have read!">{addButton}</EmptyState>
      ) : (
        <>
          <ul
            aria-label="Books"
            aria-busy={board.isChangingPage}
            className={`grid grid-cols-2 gap-3 transition-opacity sm:gap-5 md:grid-cols-4 ${board.isChangingPage ? "opacity-60" : ""}`}
          >
            {board.books.map((book, index) => (
              <li key={book._id}>
                <BookCard book={book} aboveTheFold={index < ABOVE_THE_FOLD} />
              </li>
            ))}
          </ul>
          <Pagination
            page={board.pageNumber}
            totalPages={board.totalPages}
            canGoBack={board.canGoBack}
            canGoForward={board.canGoForward}
            onPrevious={board.previous}
            onNext={board.next}
          />
        </>
      )}

      <BookFormDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={() => {
          setAdding(false);
          board.firstPage();
          showSuccess("Book added successfully!");
        }}
      />
    </section>
  );
}
