/**
 * The five music tracks (PRODUCT D11: our own, synthesised by scripts/make-tracks.ts into
 * public/audio/) and the rule that picks the background track for a page (F11).
 */
export type TrackId = "morning-pages" | "duma-theme" | "paper-boats" | "night-library" | "slow-orbit";

export type Track = {
  id: TrackId;
  title: string;
  /** One line about the mood, shown on the music page. */
  mood: string;
  /** Where the file is served from (public/audio/). */
  src: string;
};

export const TRACKS: readonly Track[] = [
  {
    id: "morning-pages",
    title: "Morning Pages",
    mood: "Warm keys for reading and writing",
    src: "/audio/morning-pages.mp3",
  },
  {
    id: "duma-theme",
    title: "Duma Theme",
    mood: "Bells and a steady pulse for the card game",
    src: "/audio/duma-theme.mp3",
  },
  { id: "paper-boats", title: "Paper Boats", mood: "Light plucked strings", src: "/audio/paper-boats.mp3" },
  {
    id: "night-library",
    title: "Night Library",
    mood: "Slow and quiet, for late hours",
    src: "/audio/night-library.mp3",
  },
  { id: "slow-orbit", title: "Slow Orbit", mood: "Floating pads and far-away bells", src: "/audio/slow-orbit.mp3" },
];

/** Plays on every page that has no track of its own. */
export const DEFAULT_TRACK_ID: TrackId = "morning-pages";
/** Plays on every page whose path contains `/duma` (the card game). */
export const DUMA_TRACK_ID: TrackId = "duma-theme";

export function backgroundTrackForPath(pathname: string): TrackId {
  return pathname.includes("/duma") ? DUMA_TRACK_ID : DEFAULT_TRACK_ID;
}

export function trackById(id: TrackId): Track {
  const track = TRACKS.find((candidate) => candidate.id === id);
  if (!track) throw new Error(`Unknown track ${id}`);
  return track;
}
