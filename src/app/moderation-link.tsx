import { clsx } from "clsx";
import { ShieldCheck } from "lucide-react";
import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";

/** The top bar's way to /moderation, for moderators and admins (wide screens; phones use the profile page). */
export function ModerationLink() {
  return (
    <NavLink
      to={paths.moderation.href()}
      aria-label="Moderation"
      title="Moderation"
      className={({ isActive }) =>
        clsx(
          // A phone's bar has no room for it: there the own profile page links to Moderation.
          "hidden items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium focus-ring sm:flex",
          isActive ? "bg-accent-soft text-accent-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
        )
      }
    >
      <ShieldCheck aria-hidden className="size-5" />
      <span className="hidden lg:inline">Moderation</span>
    </NavLink>
  );
}
