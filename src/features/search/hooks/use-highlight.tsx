import { useMemo } from "react";
import type { Highlight } from "../search-cards";
import { searchTerms } from "../highlight";
import { HighlightedText } from "../components/highlighted-text";

/** A text → text-with-<mark> function for the results of `query`, the same while the query is. */
export function useHighlight(query: string): Highlight {
  return useMemo(() => {
    const terms = searchTerms(query);
    return function highlight(text: string) {
      return <HighlightedText text={text} terms={terms} />;
    };
  }, [query]);
}
