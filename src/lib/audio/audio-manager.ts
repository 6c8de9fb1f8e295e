/**
 * The app's one music player (F11). It decides WHAT should sound — the track the user chose on
 * the music page, else the background track of the current page — and WHEN: only after the
 * first user gesture, because browsers block autoplay. How sound is made is the backend's job
 * (howler in the app, a fake in tests). React reads the state through subscribe/getState.
 */
import { backgroundTrackForPath, DEFAULT_TRACK_ID, trackById, type Track, type TrackId } from "./tracks";
import { clampVolume, readStoredVolume, storeVolume, toggledVolume, type VolumeStorage } from "./volume";

/** Makes the sound. Calls arrive in order; `pause` keeps the position, `stop` rewinds. */
export interface AudioBackend {
  play(track: Track): void;
  pause(track: Track): void;
  stop(track: Track): void;
  setVolume(volume: number): void;
}

export type AudioState = {
  /** 0–1. */
  volume: number;
  /** The track picked on the music page; it overrides the page's background track until stopped. */
  chosenTrackId: TrackId | null;
  /** The track of the current page (default, or the Duma track under /duma). */
  backgroundTrackId: TrackId;
  /** False until the first user gesture; nothing plays before it. */
  started: boolean;
  /** What is sounding (or would, at volume 0); null before the first gesture. */
  nowPlayingId: TrackId | null;
};

export class AudioManager {
  private state: AudioState;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly backend: AudioBackend,
    private readonly storage: VolumeStorage | null,
  ) {
    const volume = readStoredVolume(storage);
    this.state = {
      volume,
      chosenTrackId: null,
      backgroundTrackId: DEFAULT_TRACK_ID,
      started: false,
      nowPlayingId: null,
    };
    backend.setVolume(volume);
  }

  getState = (): AudioState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Call on the first user gesture (pointer or key): from now on music may play. */
  start(): void {
    if (this.state.started) return;
    this.update({ started: true });
  }

  /** Call on every navigation: picks the page's background track. */
  setPath(pathname: string): void {
    this.update({ backgroundTrackId: backgroundTrackForPath(pathname) });
  }

  setVolume(volume: number): void {
    const next = clampVolume(volume);
    storeVolume(this.storage, next);
    this.backend.setVolume(next);
    this.update({ volume: next });
  }

  toggleMute(): void {
    this.setVolume(toggledVolume(this.state.volume));
  }

  /** Music page Play: this track instead of the background one (pressing Play is a gesture). */
  play(trackId: TrackId): void {
    this.update({ chosenTrackId: trackId, started: true });
  }

  /** Music page Stop: rewinds that track and goes back to the page's background track. */
  stop(trackId: TrackId): void {
    if (this.state.chosenTrackId !== trackId) return;
    this.backend.stop(trackById(trackId));
    this.update({ chosenTrackId: null });
  }

  private update(change: Partial<AudioState>): void {
    const next = { ...this.state, ...change };
    next.nowPlayingId = next.started ? (next.chosenTrackId ?? next.backgroundTrackId) : null;
    const previousId = this.state.nowPlayingId;
    if (next.nowPlayingId !== previousId) {
      // Pausing keeps the position, so a background track resumes where it was when the user
      // comes back to it (a stopped chosen track was already rewound by stop()).
      if (previousId !== null) this.backend.pause(trackById(previousId));
      if (next.nowPlayingId !== null) this.backend.play(trackById(next.nowPlayingId));
    }
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
