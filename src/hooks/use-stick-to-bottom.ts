import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { historyChange, isNearBottom, scrollAction } from "../lib/scroll-position";

type Bounds = { oldest: number; newest: number };

/**
 * Keeps a message history pinned to its newest message while the reader is at the bottom. If
 * they scrolled up to read, a new message does not move them; `hasUnseen` turns on instead, for a
 * "New messages" button. Loading an older page above keeps what they were reading in place.
 * `bounds` are the creation times of the oldest and newest loaded message (null while empty);
 * `newestIsMine` makes the reader's own message always scroll into view.
 */
export function useStickToBottom(
  container: RefObject<HTMLElement | null>,
  bounds: Bounds | null,
  newestIsMine: boolean,
) {
  const pinned = useRef(true);
  const previous = useRef<{ bounds: Bounds | null; scrollHeight: number }>({ bounds: null, scrollHeight: 0 });
  const [hasUnseen, setHasUnseen] = useState(false);

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = "auto") => {
      const box = container.current;
      if (!box) return;
      box.scrollTo({ top: box.scrollHeight, behavior });
      pinned.current = true;
      setHasUnseen(false);
    },
    [container],
  );

  const oldest = bounds?.oldest;
  const newest = bounds?.newest;
  useLayoutEffect(() => {
    const box = container.current;
    if (!box || oldest === undefined || newest === undefined) return;
    const before = previous.current;
    const action = scrollAction(historyChange(before.bounds, { oldest, newest }), pinned.current, newestIsMine);
    if (action === "to-bottom") {
      box.scrollTop = box.scrollHeight;
      pinned.current = true;
      setHasUnseen(false);
    } else if (action === "offer-new") {
      setHasUnseen(true);
    } else if (action === "keep-place") {
      box.scrollTop += box.scrollHeight - before.scrollHeight;
    }
    previous.current = { bounds: { oldest, newest }, scrollHeight: box.scrollHeight };
  }, [container, oldest, newest, newestIsMine]);

  // The box changes size (the text box grows, a phone keyboard opens): stay at the bottom if there.
  useEffect(() => {
    const box = container.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) box.scrollTop = box.scrollHeight;
      previous.current.scrollHeight = box.scrollHeight;
    });
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [container]);

  const onScroll = useCallback(() => {
    const box = container.current;
    if (!box) return;
    pinned.current = isNearBottom(box);
    if (pinned.current) setHasUnseen(false);
  }, [container]);

  return { hasUnseen, scrollToBottom, onScroll };
}
