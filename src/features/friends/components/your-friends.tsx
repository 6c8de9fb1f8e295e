import { usePaginatedQuery } from "convex/react";
import { useEffect } from "react";
import { Card } from "@/components/ui/card";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@convex/_generated/api";
import { PersonRow } from "./person-row";

const PER_LOAD = 10;

type YourFriendsProps = {
  /** Loads, but stays off screen (and takes no room) until shown. */
  hidden?: boolean;
  /** Called once the first friends (or none) are in. */
  onListed?: () => void;
};

/** Seed's "Your Friends": the people you added, newest first, live. */
export function YourFriends({ hidden = false, onListed }: YourFriendsProps) {
  const friends = usePaginatedQuery(api.friends.mine, {}, { initialNumItems: PER_LOAD });
  const listed = friends.status !== "LoadingFirstPage";
  useEffect(() => {
    if (listed) onListed?.();
  }, [listed, onListed]);
  return (
    // Takes the focus (tabindex -1) when "Show more friends" goes with the last of them.
    <Card
      as="section"
      aria-labelledby="your-friends-heading"
      tabIndex={-1}
      hidden={hidden}
      className="space-y-3 focus:outline-none"
    >
      <h2 id="your-friends-heading" className="text-lg font-semibold text-fg">
        Your Friends
      </h2>
      {friends.status === "LoadingFirstPage" ? (
        <Spinner />
      ) : friends.results.length === 0 ? (
        <p className="text-sm text-fg-muted">
          You have not added anyone yet. Press Add Friend beside someone to start.
        </p>
      ) : (
        <ul className="divide-y divide-line-subtle">
          {friends.results.map((person) => (
            <PersonRow key={person.userId} person={person} />
          ))}
        </ul>
      )}
      <LoadMoreButton
        status={friends.status}
        onLoadMore={() => friends.loadMore(PER_LOAD)}
        label="Show more friends"
        className=""
      />
    </Card>
  );
}
