import { paths } from "@/config/paths";

/**
 * A link to /search?q=…&type=…. Kept apart from the page's modules and free of imports beyond
 * paths: the top bar, in everyone's first download, needs only this.
 */
export function searchHref(query = "", kind?: string, category?: string | null): string {
  const params = new URLSearchParams();
  if (query !== "") params.set("q", query);
  if (kind !== undefined && kind !== "all") params.set("type", kind);
  if (category) params.set("category", category);
  const search = params.toString();
  return search === "" ? paths.search.href() : `${paths.search.href()}?${search}`;
}
