import { useEffect, useRef } from "react";

/**
 * Counts one view per visit of a book or post: `recordView` runs once for each id shown (the
 * server also ignores quick reloads by the same person). A failed count is not worth
 * interrupting the reader for, so it is dropped silently.
 */
export function useRecordViewOnce<DocumentId extends string>(
  id: DocumentId | undefined,
  recordView: (id: DocumentId) => Promise<unknown>,
) {
  // Survives React's development double-run of effects and new `recordView` closures, so a visit counts once.
  const recordedFor = useRef<DocumentId | null>(null);
  useEffect(() => {
    if (id === undefined || recordedFor.current === id) return;
    recordedFor.current = id;
    recordView(id).catch(() => {});
  }, [id, recordView]);
}
