/**
 * The real sound for AudioManager: howler with HTML5 audio (streams, so a track starts before it
 * has fully downloaded). howler itself is imported on the first call, after the first user
 * gesture, so it is not part of the first page's JavaScript. Calls run in order through a queue.
 */
import type { Howl } from "howler";
import type { AudioBackend } from "./audio-manager";
import type { Track, TrackId } from "./tracks";

type HowlerModule = typeof import("howler");

/** Short fades so switching tracks on navigation is a crossfade, not a cut. */
const FADE_MS = 600;

export function createHowlerBackend(): AudioBackend {
  let howler: Promise<HowlerModule> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let masterVolume = 0.5;
  let wantedId: TrackId | null = null;
  const sounds = new Map<TrackId, Howl>();

  const run = (task: (module: HowlerModule) => void) => {
    howler ??= import("howler");
    const loaded = howler;
    queue = queue
      .then(async () => task(await loaded))
      // Music is a nicety: a blocked or missing file must never break the page.
      .catch((error: unknown) => console.warn("Music could not play:", error));
  };

  const soundFor = ({ Howl }: HowlerModule, track: Track): Howl => {
    const existing = sounds.get(track.id);
    if (existing) return existing;
    const sound = new Howl({ src: [track.src], html5: true, loop: true, volume: 0 });
    // Mobile browsers may refuse until audio is unlocked by a touch; howler retries then.
    sound.on("playerror", () => sound.once("unlock", () => sound.play()));
    sounds.set(track.id, sound);
    return sound;
  };

  return {
    play(track) {
      wantedId = track.id;
      run((module) => {
        module.Howler.volume(masterVolume);
        const sound = soundFor(module, track);
        if (!sound.playing()) sound.play();
        sound.fade(sound.volume(), 1, FADE_MS);
      });
    },
    pause(track) {
      if (wantedId === track.id) wantedId = null;
      run(() => {
        const sound = sounds.get(track.id);
        if (!sound?.playing()) return;
        sound.once("fade", () => {
          // The user may have come back to this track while it faded out.
          if (wantedId !== track.id) sound.pause();
        });
        sound.fade(sound.volume(), 0, FADE_MS);
      });
    },
    stop(track) {
      if (wantedId === track.id) wantedId = null;
      run(() => {
        const sound = sounds.get(track.id);
        sound?.stop();
        sound?.volume(0);
      });
    },
    setVolume(volume) {
      masterVolume = volume;
      if (howler) run((module) => module.Howler.volume(volume));
    },
  };
}
