// What a list of results says about them: EmptyState when there are none (seen), ResultsStatus (heard).
import { useState, type ReactNode } from "react";

type EmptyStateProps = {
  title: string;
  /** What the user can do about it, e.g. a link or a button. */
  children?: ReactNode;
};

/** A friendly "nothing here yet" block for lists with no items. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-line-strong bg-surface/70 px-6 py-12 text-center">
      <p className="text-base font-medium text-fg-secondary">{title}</p>
      {children}
    </div>
  );
}

/**
 * What a filter or search found, in words only screen readers hear ("3 posts on this page,
 * from 2 categories"). It stays on the page, so each change of its text is read out; a live region
 * inserted with its text often is not, which is also why the first result, arriving with the
 * page, is not announced. `null` (results still on their way) keeps the last text.
 */
export function ResultsStatus({ message }: { message: string | null }) {
  const [shown, setShown] = useState(message);
  if (message !== null && message !== shown) setShown(message);
  if (shown === null) return null;
  return (
    <p role="status" className="sr-only">
      {shown}
    </p>
  );
}
