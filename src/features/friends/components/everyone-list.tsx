import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Card } from "@/components/ui/card";
import { EmptyState, ResultsStatus } from "@/components/ui/empty-state";
import { fieldControlClass } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { usePeoplePages } from "../hooks/use-people-pages";
import { PersonRow } from "./person-row";

const SEARCH_DELAY_MS = 250;

/**
 * Everyone (seed §2 Friends: all users), by name or found by a name search, a page at a time.
 * `onListed` is called once its first page is on screen.
 */
export function EveryoneList({ onListed }: { onListed?: () => void }) {
  const searchId = useId();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const pages = usePeoplePages(search);
  const listed = !pages.isLoading;
  useEffect(() => {
    if (listed) onListed?.();
  }, [listed, onListed]);

  return (
    <Card as="section" aria-labelledby="everyone-heading" className="space-y-3">
      <h2 id="everyone-heading" className="text-lg font-semibold text-fg">
        Everyone
      </h2>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search people by name
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-faint"
        />
        <input
          id={searchId}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Search people by name"
          maxLength={60}
          // Room on the left for the magnifier.
          className={`${fieldControlClass} pl-9`}
        />
      </div>
      <ResultsStatus message={pages.isLoading || pages.isChangingPage ? null : resultsMessage(search, pages)} />
      {pages.isLoading ? (
        <Spinner />
      ) : pages.people?.length === 0 ? (
        <EmptyState title={emptyListTitle(search, pages.pageNumber)} />
      ) : (
        <ul aria-busy={pages.isChangingPage} className="divide-y divide-line-subtle">
          {pages.people?.map((person) => (
            <PersonRow key={person.userId} person={person} />
          ))}
        </ul>
      )}
      {(pages.canGoBack || pages.canGoForward) && (
        <Pagination
          page={pages.pageNumber}
          totalPages={pages.totalPages}
          canGoBack={pages.canGoBack}
          canGoForward={pages.canGoForward}
          onPrevious={pages.previous}
          onNext={pages.next}
        />
      )}
    </Card>
  );
}

/**
 * What an empty page says. A page after the first is empty when everyone on it left, or after a
 * search's full last page: a search cannot tell that nobody more matches until it looks.
 */
function emptyListTitle(search: string, pageNumber: number): string {
  if (pageNumber > 1) return search ? `No more people called "${search}".` : "No more people.";
  return search ? `No one is called "${search}".` : "No one here yet.";
}

/** What the screen reader hears once a search's results are in: 'Found for "ann": 3 people on this page'. */
function resultsMessage(search: string, pages: { people?: unknown[]; pageNumber: number }): string {
  const count = pages.people?.length ?? 0;
  if (count === 0) return emptyListTitle(search, pages.pageNumber);
  if (search === "") return "Showing everyone";
  return `Found for "${search}": ${count === 1 ? "1 person" : `${count} people`} on this page`;
}
