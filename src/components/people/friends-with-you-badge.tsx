import { Users } from "lucide-react";

/** Shown where adding goes both ways: you added them and they added you. */
export function FriendsWithYouBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
      <Users aria-hidden className="size-3.5" />
      Friends with you
    </span>
  );
}
