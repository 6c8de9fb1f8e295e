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
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-disabled:opacity-60",
        isFriend
          ? "border border-stone-300 bg-white text-stone-700 hover:bg-stone-50"
          : "bg-brand-600 text-white hover:bg-brand-700",
      )}
    >
      <Icon aria-hidden className="size-4" />
      {isFriend ? "Unfriend" : "Add Friend"}
    </button>
  );
}
