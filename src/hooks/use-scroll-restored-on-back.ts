import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** Where the reader left each history entry (by its location key), kept as they scroll. */
const positions = new Map<string, number>();

/** Where React Router's <ScrollRestoration /> keeps its positions when the page goes (reload). */
const ROUTER_STORAGE_KEY = "react-router-scroll-positions";

function savedPosition(key: string): number | null {
  const seen = positions.get(key);
  if (seen !== undefined) return seen;
  try {
    const stored: unknown = (JSON.parse(sessionStorage.getItem(ROUTER_STORAGE_KEY) ?? "{}") as Record<string, unknown>)[
      key
    ];
    return typeof stored === "number" ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Back to a list keeps the reader's place, although the list loads again. <ScrollRestoration />
 * (root layout) restores the window's position as soon as the screen renders; a list that comes
 * live from Convex is not there yet, so the page is too short and the window stops at its end.
 * This hook restores that position again once `ready` (the list has rendered), for a screen
 * entered by Back, Forward or a reload (a POP navigation). A new visit (PUSH) starts at the top
 * as the router has it; a REPLACE (the page moving to fresh cursors) keeps a restore in waiting.
 */
export function useScrollRestoredOnBack(ready: boolean): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const pending = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (navigationType === "POP") pending.current = savedPosition(key);
    else if (navigationType === "PUSH") pending.current = null;
  }, [key, navigationType]);

  useLayoutEffect(() => {
    if (!ready || pending.current === null) return;
    window.scrollTo(0, pending.current);
    pending.current = null;
  }, [ready, key]);

  // While a restore waits, the window moved only because the page was short: not the reader's place.
  useLayoutEffect(() => {
    const remember = () => {
      if (pending.current === null) positions.set(key, window.scrollY);
    };
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [key]);
}
