import { clsx } from "clsx";
import { CircleHelp, Gamepad2, ListMusic, MessagesSquare, type LucideIcon } from "lucide-react";
import { NavLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { trackById } from "@/lib/audio/tracks";
import { useAudioState } from "@/hooks/use-audio";
import { VolumeControls } from "./volume-controls";

const LINKS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: paths.chats.href(), label: "Public chats", icon: MessagesSquare },
  { to: paths.games.href(), label: "Games/Apps", icon: Gamepad2 },
  { to: paths.help.href(), label: "Help", icon: CircleHelp },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "flex flex-col items-center gap-0.5 rounded-lg px-1.5 py-1 text-[11px] font-medium leading-tight transition sm:flex-row sm:gap-1.5 sm:px-3 sm:py-2 sm:text-sm",
    "focus-ring",
    isActive ? "text-accent-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
  );

/**
 * Seed §2 bottom bar: Public chats, Games/Apps, Help, and the music volume. On the sign-in
 * pages only the volume is shown, since the links lead to pages that need a login.
 */
export function BottomBar({ minimal }: { minimal: boolean }) {
  return (
    <footer className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-2 sm:px-6">
        {minimal ? (
          <span />
        ) : (
          <nav aria-label="Community" className="flex items-center sm:gap-1">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} className={linkClass}>
                <Icon aria-hidden className="size-5 sm:size-4" />
                <span className="whitespace-nowrap">{label}</span>
              </NavLink>
            ))}
          </nav>
        )}
        <div className="flex items-center gap-0.5 sm:gap-2">
          {!minimal && <NowPlayingLink />}
          <VolumeControls />
        </div>
      </div>
    </footer>
  );
}

/**
 * The way to the music page. It always reads "Music"; where there is room it adds what is
 * playing (or that the music is stopped) as extra text.
 */
function NowPlayingLink() {
  const { nowPlayingId, stopped } = useAudioState();
  const detail = stopped ? "stopped" : nowPlayingId ? trackById(nowPlayingId).title : null;
  return (
    <NavLink to={paths.music.href()} className={linkClass}>
      <ListMusic aria-hidden className="size-5 shrink-0 sm:size-4" />
      <span className="whitespace-nowrap">Music</span>
      {detail && <span className="sr-only max-w-32 truncate font-normal text-fg-subtle md:not-sr-only">{detail}</span>}
    </NavLink>
  );
}
