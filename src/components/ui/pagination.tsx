import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

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

/**
 * Previous / Next with "Page x of y" between them (seed §2). A button with no page to go to says
 * so with aria-disabled rather than `disabled`, which would drop the keyboard focus to the page
 * when Next, pressed, brings the last page.
 */
export function Pagination({ page, totalPages, canGoBack, canGoForward, onPrevious, onNext }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3 sm:gap-4">
      <Button variant="secondary" onClick={() => onPrevious()} aria-disabled={!canGoBack}>
        <ChevronLeft aria-hidden className="size-4" />
        Previous
      </Button>
      <p className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        Page {page}
        {totalPages !== null && <> of {Math.max(totalPages, canGoForward ? page + 1 : page)}</>}
      </p>
      <Button variant="secondary" onClick={() => onNext()} aria-disabled={!canGoForward}>
        Next
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}
