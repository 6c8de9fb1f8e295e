/**
 * A badge's count: "99+" past 99. Apart from format.ts because the top bar's unread badge is in
 * the first download, and a module goes whole into the first chunk that needs any of it.
 */
export function formatBadgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}
