import { clsx } from "clsx";
import { formatBadgeCount } from "@/lib/badge-count";

type UnreadBadgeProps = {
  count: number;
  /** What a screen reader hears instead of the bare number, e.g. "3 unread"; omit when the control already says it. */
  label?: string;
  className?: string;
};

/** The round count of unread messages ("99+" past 99). */
export function UnreadBadge({ count, label, className }: UnreadBadgeProps) {
  return (
    <span
      className={clsx(
        "inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs leading-none font-bold text-accent-contrast tabular-nums",
        className,
      )}
    >
      <span aria-hidden>{formatBadgeCount(count)}</span>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
