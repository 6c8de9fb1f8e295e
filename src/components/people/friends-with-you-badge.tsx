import { Users } from "lucide-react";

/** Shown where adding goes both ways: you added them and they added you. */
export function FriendsWithYouBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success ring-1 ring-success-line">
      <Users aria-hidden className="size-3.5" />
      Friends with you
    </span>
  );
}
