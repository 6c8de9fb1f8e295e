import { EmptyState } from "@/components/ui/empty-state";
import { SEARCH_TEXTS } from "@convex/shared/search";

/** The contract's "Nothing found. Try other words!" */
export function NoResults() {
  return <EmptyState title={SEARCH_TEXTS.noResults} />;
}
