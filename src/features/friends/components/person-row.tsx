import { useRef, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { FriendButton } from "@/components/people/friend-button";
import { FriendsWithYouBadge } from "@/components/people/friends-with-you-badge";
import { MessageButton } from "@/components/people/message-button";
import { Avatar } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import { useFocusHandOffOnRemoval } from "@/hooks/use-focus-hand-off-on-removal";
import type { Id } from "@convex/_generated/dataModel";

export type Person = {
  userId: Id<"users">;
  displayName: string;
  photoURL: string | null;
  isYou: boolean;
  isFriend: boolean;
  friendsWithYou: boolean;
};

/**
 * One person on /friends: avatar and name (to their profile) and what you can do with them.
 * The name keeps at least 10rem; on a phone the buttons move to a line of their own instead.
 */
export function PersonRow({
  person,
  highlight,
}: {
  person: Person;
  /** Marks the words a search found in the name (/search). */
  highlight?: (text: string) => ReactNode;
}) {
  // Unfriend in "Your Friends" removes the row it is on: the focus goes to the list's section.
  const row = useRef<HTMLLIElement>(null);
  useFocusHandOffOnRemoval(row);
  return (
    <li ref={row} className="flex flex-wrap items-center gap-3 py-3">
      <Link
        to={paths.accountOf.href(person.userId)}
        className="flex min-w-40 flex-1 items-center gap-3 rounded-lg focus-ring"
      >
        <Avatar src={person.photoURL} name={person.displayName} size="md" decorative />
        <span className="min-w-0">
          <span className="block truncate font-medium text-fg hover:underline">
            {highlight ? highlight(person.displayName) : person.displayName}
          </span>
          {person.isYou && <span className="block text-xs text-fg-muted">This is you</span>}
        </span>
      </Link>
      {person.friendsWithYou && <FriendsWithYouBadge />}
      {!person.isYou && (
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <FriendButton userId={person.userId} name={person.displayName} isFriend={person.isFriend} />
          <MessageButton userId={person.userId} name={person.displayName} />
        </div>
      )}
    </li>
  );
}
