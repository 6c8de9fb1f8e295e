import { ChevronLeft, ChevronRight } from "lucide-react";

type PaginationProps = {
  /** 1-based number of the page shown. */
  page: number;
  /**
   * The counted pages; null when the total is unknown (search results): then only "Page x"
   * shows. Never shown below a page that exists: items deleted before the reader's cursor can
   * leave the counter short, so while Next is on there is at least one page more.
   */
  totalPages: number | null;
  canGoBack: boolean;
  canGoForward: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

const navButton =
  "inline-flex min-h-10 items-center gap-1 rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium text-fg-secondary shadow-sm transition hover:bg-canvas focus-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

/**
 * Previous / Next with "Page x of y" between them (seed §2). A button with no page to go to says
 * so with aria-disabled rather than `disabled`, which would drop the keyboard focus to the page
 * when Next, pressed, brings the last page.
 */
export function Pagination({ page, totalPages, canGoBack, canGoForward, onPrevious, onNext }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3 sm:gap-4">
      <button type="button" className={navButton} onClick={() => canGoBack && onPrevious()} aria-disabled={!canGoBack}>
        <ChevronLeft aria-hidden className="size-4" />
        Previous
      </button>
      <p className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        Page {page}
        {totalPages !== null && <> of {Math.max(totalPages, canGoForward ? page + 1 : page)}</>}
      </p>
      <button
        type="button"
        className={navButton}
        onClick={() => canGoForward && onNext()}
        aria-disabled={!canGoForward}
      >
        Next
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </nav>
  );
}
