import { useEffect, useRef, type RefObject } from "react";
import { useLocation, useMatches } from "react-router-dom";

/** What a route tells the layout about itself (RouteObject `handle`). */
type RouteHandle = { title: string };

/** A route's handle naming its screen, for the tab title and screen readers. */
export function titled(title: string): RouteHandle {
  return { title };
}

const APP_NAME = "DUMY";

/**
 * After a move to another screen: the tab title names the screen ("Friends — DUMY"), and when the
 * keyboard focus went with the old screen (the link pressed was on it) it goes to `main`, so a
 * keyboard user goes on from the new screen's top and a screen reader hears where they are,
 * instead of starting again from the page body. Focus that stayed (a top or bottom bar link) or
 * that the new screen placed itself (autoFocus) is left alone; so is the first load.
 */
export function useScreenTitleAndFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as Partial<RouteHandle> | undefined)?.title)
    .filter((name): name is string => name !== undefined)
    .at(-1);

  useEffect(() => {
    document.title = title === undefined ? APP_NAME : `${title} — ${APP_NAME}`;
  }, [title]);

  const firstScreen = useRef(true);
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    const focused = document.activeElement;
    if (focused === null || focused === document.body) main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
