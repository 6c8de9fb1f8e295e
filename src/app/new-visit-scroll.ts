/** Where React Router's <ScrollRestoration /> keeps the tab's scroll positions, by location key. */
const ROUTER_SCROLL_STORAGE_KEY = "react-router-scroll-positions";

/**
 * A page load that is neither a reload nor Back or Forward (a typed address, a bookmark, a link
 * from elsewhere) is a new visit, and starts at the top. Its first location has React Router's key
 * "default", as the first location of every earlier page load in this tab had: the place kept for
 * that one would be restored on the new page. Forgets it, before the router reads the positions.
 */
export function startNewVisitAtTheTop(): void {
  try {
    const [load] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (load?.type !== "navigate") return;
    const positions = JSON.parse(sessionStorage.getItem(ROUTER_SCROLL_STORAGE_KEY) ?? "{}") as Record<string, number>;
    if (!("default" in positions)) return;
    delete positions.default;
    sessionStorage.setItem(ROUTER_SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // No storage (or no timing): nothing kept to forget.
  }
}
