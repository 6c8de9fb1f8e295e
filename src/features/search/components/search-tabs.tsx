import { clsx } from "clsx";
import { useRef, type KeyboardEvent } from "react";
import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchKind } from "@convex/shared/search";

/** The id of a tab and of its panel, for aria-controls / aria-labelledby. */
export const tabId = (kind: SearchKind) => `search-tab-${kind}`;
export const PANEL_ID = "search-panel";

/**
 * All / People / Books / Posts / Chat rooms, as a WAI-ARIA tablist: one tab in the tab order,
 * Left/Right (and Home/End) move between tabs and choose them (automatic activation: a tab is only
 * an address change, the page keeps the query).
 */
export function SearchTabs({ kind, onChoose }: { kind: SearchKind; onChoose: (kind: SearchKind) => void }) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = SEARCH_KINDS.indexOf(kind);
    const last = SEARCH_KINDS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? SEARCH_KINDS[at === last ? 0 : at + 1]
        : event.key === "ArrowLeft"
          ? SEARCH_KINDS[at === 0 ? last : at - 1]
          : event.key === "Home"
            ? SEARCH_KINDS[0]
            : event.key === "End"
              ? SEARCH_KINDS[last]
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onChoose(target);
    list.current?.querySelector<HTMLElement>(`#${tabId(target)}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="What to search"
      onKeyDown={onKeyDown}
      // Scrolls sideways on the narrowest phones rather than wrapping.
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-line px-1"
    >
      {SEARCH_KINDS.map((each) => {
        const selected = each === kind;
        return (
          <button
            key={each}
            id={tabId(each)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChoose(each)}
            className={clsx(
              "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition focus-ring",
              selected
                ? "border-accent text-accent-fg"
                : "border-transparent text-fg-muted hover:border-line-strong hover:text-fg",
            )}
          >
            {SEARCH_KIND_LABELS[each]}
          </button>
        );
      })}
    </div>
  );
}
