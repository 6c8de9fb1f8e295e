import { Heart } from "lucide-react";
import { useState } from "react";
import { clsx } from "clsx";

type LikeButtonProps = {
  liked: boolean;
  count: number;
  /** Toggles the like; the button waits for it, so a second click cannot race the first. */
  onToggle: () => Promise<unknown>;
};

/**
 * A heart toggle with the like count; `aria-pressed` tells assistive tech whether it is liked, so
 * its name stays "Like" ("Like (3 likes), pressed"), not "Unlike, pressed".
 */
export function LikeButton({ liked, count, onToggle }: LikeButtonProps) {
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    setPending(true);
    try {
      await onToggle();
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like (${count} ${count === 1 ? "like" : "likes"})`}
      onClick={toggle}
      aria-disabled={pending}
      className={clsx(
        "inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium shadow-sm transition",
        "focus-ring focus-visible:outline-like aria-disabled:opacity-70",
        liked
          ? "border-like-line bg-like-soft text-like hover:bg-like-soft-strong"
          : "border-line-strong bg-surface text-fg-secondary hover:bg-canvas",
      )}
    >
      <Heart aria-hidden className={clsx("size-5", liked && "fill-current")} />
      <span className="tabular-nums">{count}</span>
    </button>
  );
}
