import { useEffect } from "react";

/**
 * Names the screen in the tab title while it is shown ("Friends — DUMY"): what a screen reader
 * says after a move to another screen, and what a tab or a bookmark is called. Called by each
 * screen (only lazy screens use it, so it stays out of the first download).
 */
export function useScreenTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — DUMY`;
  }, [title]);
}
