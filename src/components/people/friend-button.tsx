import { useMutation } from "convex/react";
import { UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ignoreShownFailure, withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";

type FriendButtonProps = {
  userId: Id<"users">;
  /** Whose button it is, for screen readers when many share a page ("Add Friend (Ann)"). */
  name: string;
  /** Whether the person is in the viewer's friends list now (live from the server). */
  isFriend: boolean;
};

/** Seed's Add Friend / Unfriend toggle; the list it changes is the viewer's own. */
export function FriendButton({ userId, name, isFriend }: FriendButtonProps) {
  const add = useMutation(api.friends.add);
  const remove = useMutation(api.friends.remove);
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    setPending(true);
    try {
      await withFailureToast(
        () => (isFriend ? remove({ userId }) : add({ userId })),
        isFriend ? "Failed to unfriend. Please try again." : "Failed to add friend. Please try again.",
      );
    } catch {
      ignoreShownFailure();
    } finally {
      setPending(false);
    }
  }

  const Icon = isFriend ? UserMinus : UserPlus;
  return (
    <Button
      variant={isFriend ? "secondary" : "primary"}
      onClick={() => void toggle()}
      loading={pending}
      aria-label={`${isFriend ? "Unfriend" : "Add Friend"} (${name})`}
    >
      <Icon aria-hidden className="size-4" />
      {isFriend ? "Unfriend" : "Add Friend"}
    </Button>
  );
}
