/**
 * The app's one music player (F11). It decides WHAT should sound — the track the user chose on
 * the music page, else the background track of the current page — and WHEN: only after the
 * first user gesture, because browsers block autoplay, and never after the user pressed Stop
 * until they press Play again (remembered across reloads). How sound is made is the backend's
 * job (howler in the app, a fake in tests). React reads the state through subscribe/getState.
 */
import { readStoppedFlag, storeStoppedFlag } from "./stopped-flag";
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
  /** The user pressed Stop: silence on every page until they press Play. */
  stopped: boolean;
  /** The track that plays when music is on: the chosen one, else the page's background track. */
  currentTrackId: TrackId;
  /** What is sounding (or would, at volume 0); null before the first gesture and while stopped. */
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
      stopped: readStoppedFlag(storage),
      currentTrackId: DEFAULT_TRACK_ID,
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

  /**
   * Music page Play: this track from now on, on every page (pressing Play is a gesture, and it
   * ends a Stop). Play on the page's own background track goes back to following the pages.
   */
  play(trackId: TrackId): void {
    storeStoppedFlag(this.storage, false);
    const chosenTrackId = trackId === this.state.backgroundTrackId ? null : trackId;
    this.update({ chosenTrackId, started: true, stopped: false });
  }

  /** Music page Stop on the current track: silence everywhere, that track rewound, until Play. */
  stop(trackId: TrackId): void {
    if (this.state.stopped || this.state.currentTrackId !== trackId) return;
    storeStoppedFlag(this.storage, true);
    this.update({ chosenTrackId: null, stopped: true });
    this.backend.stop(trackById(trackId));
  }

  private update(change: Partial<AudioState>): void {
    const next = { ...this.state, ...change };
    next.currentTrackId = next.chosenTrackId ?? next.backgroundTrackId;
    next.nowPlayingId = next.started && !next.stopped ? next.currentTrackId : null;
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
