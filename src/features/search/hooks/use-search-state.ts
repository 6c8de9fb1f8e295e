import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SEARCH_DEBOUNCE_MS, type SearchKind } from "@convex/shared/search";
import type { PostCategory } from "@convex/shared/validators";
import { cutQuery, queryToAsk, readSearchAddress } from "../search-params";

/**
 * The search's state, kept in the address (/search?q=…&type=…&category=…) so Back and a shared
 * link restore it. The field answers every keystroke; the address (and so the server) follows once
 * typing pauses for SEARCH_DEBOUNCE_MS, replacing its history entry rather than adding one per
 * word. A tab or a category is a step of its own: Back returns to the one before.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const address = readSearchAddress(params);
  const [typed, setTyped] = useState(address.typed);
  const [cut, setCut] = useState(address.cut);
  // The last query this hook wrote to the address: anything else there came from Back, a link or
  // the top bar, and the field follows it.
  const [written, setWritten] = useState(address.typed);
  if (address.typed !== written) {
    setWritten(address.typed);
    setTyped(address.typed);
    setCut(address.cut);
  }

  useEffect(() => {
    if (typed === address.typed) return;
    const timer = setTimeout(() => {
      setWritten(typed);
      setParams(withParams(params, { q: typed }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, address.typed, params, setParams]);

  return {
    /** What the field shows. */
    typed,
    /** Whether the last text typed or linked was longer than the limit and was cut. */
    cut,
    /** What the server is asked: the address's query, trimmed; null while too short. */
    query: queryToAsk(address.typed),
    kind: address.kind,
    category: address.category,
    type: (text: string) => {
      const next = cutQuery(text);
      setTyped(next.text);
      setCut(next.cut);
    },
    /** Enter in the field: search now, without waiting for the pause. */
    searchNow: () => {
      if (typed === address.typed) return;
      setWritten(typed);
      setParams(withParams(params, { q: typed }), { replace: true });
    },
    /** Switches tabs, taking along what is typed but not yet searched. */
    showKind: (kind: SearchKind) => {
      setWritten(typed);
      setParams(withParams(params, { q: typed, type: kind === "all" ? "" : kind }));
    },
    filterCategory: (category: PostCategory | null) => {
      setWritten(typed);
      setParams(withParams(params, { q: typed, category: category ?? "" }));
    },
  };
}

/** The params with some set (an empty value removes one), keeping the rest. */
function withParams(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === "") next.delete(name);
    else next.set(name, value);
  }
  return next;
}
