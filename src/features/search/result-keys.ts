import type { KeyboardEvent } from "react";

/**
 * Arrow keys through the results (WAI-ARIA's "feed"-like pattern, simplified): Down and Up move
 * the focus to the next or previous result's main link, Enter opens it as any link does. A
 * result is an item of a list marked `data-results`; its main link is the focusable one to where
 * its first link goes (a book card starts with its cover link, out of the tab order, and has the
 * creator's avatar link before its title link).
 */
export function resultLinks(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>("ul[data-results] > li"))
    .map(mainLink)
    .filter((link): link is HTMLAnchorElement => link !== undefined);
}

function mainLink(item: HTMLElement): HTMLAnchorElement | undefined {
  const links = Array.from(item.querySelectorAll<HTMLAnchorElement>("a[href]"));
  const itemHref = links[0]?.getAttribute("href");
  return links.find((link) => link.getAttribute("href") === itemHref && link.tabIndex !== -1);
}

/** The keydown handler of the element around the results. */
export function moveThroughResults(event: KeyboardEvent<HTMLElement>): void {
  const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
  if (step === 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const links = resultLinks(event.currentTarget);
  const active = document.activeElement;
  const at = links.findIndex((link) => link.closest("li")?.contains(active));
  // Only from inside a result: arrows elsewhere (the category chips, a select) keep their meaning.
  if (at === -1) return;
  const next = links[Math.min(Math.max(at + step, 0), links.length - 1)];
  event.preventDefault();
  next?.focus();
}

/** From the search field, Down goes to the first result. */
export function focusFirstResult(root: ParentNode | null): boolean {
  const first = root ? resultLinks(root)[0] : undefined;
  first?.focus();
  return first !== undefined;
}
