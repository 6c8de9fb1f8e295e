import { usePaginatedQuery } from "convex/react";
import { Spinner } from "@/components/ui/spinner";
import { api } from "../../../../convex/_generated/api";
import { PersonRow } from "./person-row";

const PER_LOAD = 10;

/** Seed's "Your Friends": the people you added, newest first, live. */
export function YourFriends() {
  const friends = usePaginatedQuery(api.friends.mine, {}, { initialNumItems: PER_LOAD });
  return (
    <section
      aria-labelledby="your-friends-heading"
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="your-friends-heading" className="text-lg font-semibold text-stone-900">
        Your Friends
      </h2>
      {friends.status === "LoadingFirstPage" ? (
        <Spinner />
      ) : friends.results.length === 0 ? (
        <p className="text-sm text-stone-600">
          You have not added anyone yet. Press Add Friend beside someone to start.
        </p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {friends.results.map((person) => (
            <PersonRow key={person.userId} person={person} />
          ))}
        </ul>
      )}
      {(friends.status === "CanLoadMore" || friends.status === "LoadingMore") && (
        <button
          type="button"
          onClick={() => friends.loadMore(PER_LOAD)}
          disabled={friends.status === "LoadingMore"}
          className="inline-flex min-h-10 w-full items-center justify-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
        >
          {friends.status === "LoadingMore" ? "Loading..." : "Show more friends"}
        </button>
      )}
    </section>
  );
}
