import { clsx } from "clsx";
import { Music, Play, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { AudioState } from "@/lib/audio/audio-manager";
import { TRACKS, trackById, type Track } from "@/lib/audio/tracks";
import { useAudioManager, useAudioState } from "@/hooks/use-audio";
import { useScreenTitle } from "@/hooks/use-screen-title";

/**
 * Music (F11, seed §2): the five tracks, each with Play and Stop. A played track replaces the
 * page's background music everywhere; Stop silences the music on every page, even after a
 * reload, until Play is pressed again.
 */
export default function MusicPage() {
  useScreenTitle("Music");
  const state = useAudioState();
  const { currentTrackId, nowPlayingId, stopped, volume } = state;

  return (
    <section className="mx-auto max-w-2xl px-3 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-fg">Music</h1>
      <p className="mt-2 text-fg-muted">
        Five tracks made for this community. One plays quietly in the background on every page; the Duma game has its
        own.
      </p>
      <p role="status" className="mt-4 rounded-xl bg-accent-soft px-4 py-3 text-sm text-accent-fg">
        {musicStatus(state)}
        {volume === 0 && !stopped && " The volume is off: turn it up in the bottom bar."}
      </p>
      <ul className="mt-6 space-y-3">
        {TRACKS.map((track) => (
          <TrackRow
            key={track.id}
            track={track}
            isPlaying={nowPlayingId === track.id}
            canStop={!stopped && currentTrackId === track.id}
          />
        ))}
      </ul>
    </section>
  );
}

function musicStatus({ stopped, nowPlayingId, chosenTrackId }: AudioState): string {
  if (stopped) return "Music is stopped. Press Play on a track to hear music again.";
  if (nowPlayingId === null) return "Music starts as soon as you click or press a key anywhere.";
  const { title } = trackById(nowPlayingId);
  return chosenTrackId !== null ? `Now playing: ${title}.` : `Now playing: ${title} (background music).`;
}

function TrackRow({ track, isPlaying, canStop }: { track: Track; isPlaying: boolean; canStop: boolean }) {
  const audio = useAudioManager();
  return (
    <li
      className={clsx(
        "flex flex-wrap items-center gap-3 rounded-2xl border bg-surface p-4 shadow-sm sm:flex-nowrap",
        isPlaying ? "border-accent-line ring-1 ring-focus" : "border-line",
      )}
    >
      <span
        aria-hidden
        className={clsx(
          "flex size-11 shrink-0 items-center justify-center rounded-xl",
          isPlaying ? "bg-accent text-accent-contrast" : "bg-surface-muted text-fg-subtle",
        )}
      >
        <Music className={clsx("size-5", isPlaying && "animate-pulse")} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-fg">{track.title}</h2>
        <p className="text-sm text-fg-subtle">{track.mood}</p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button
          variant="primary"
          aria-label={`Play ${track.title}`}
          onClick={() => audio.play(track.id)}
          className="flex-1 sm:flex-none"
        >
          <Play aria-hidden className="size-4" />
          Play
        </Button>
        <Button
          aria-label={`Stop ${track.title}`}
          onClick={() => canStop && audio.stop(track.id)}
          aria-disabled={!canStop}
          className="flex-1 sm:flex-none"
        >
          <Square aria-hidden className="size-3.5" />
          Stop
        </Button>
      </div>
    </li>
  );
}
