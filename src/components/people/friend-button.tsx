import { useMutation } from "convex/react";
import { clsx } from "clsx";
import { UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
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
    <button
      type="button"
      onClick={() => void toggle()}
      aria-disabled={pending}
      aria-label={`${isFriend ? "Unfriend" : "Add Friend"} (${name})`}
      className={clsx(
        "inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm transition",
        "focus-ring aria-disabled:opacity-60",
        isFriend
          ? "border border-line-strong bg-surface text-fg-secondary hover:bg-canvas"
          : "bg-accent text-accent-contrast hover:bg-accent-hover",
      )}
    >
      <Icon aria-hidden className="size-4" />
      {isFriend ? "Unfriend" : "Add Friend"}
    </button>
  );
}
