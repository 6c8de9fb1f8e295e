/**
 * The real sound for AudioManager: howler with HTML5 audio (streams, so a track starts before it
 * has fully downloaded). howler itself is imported on the first call, after the first user
 * gesture, so it is not part of the first page's JavaScript. Calls run in order through a queue.
 */
import type { Howl } from "howler";
import type { AudioBackend } from "./audio-manager";
import type { Track, TrackId } from "./tracks";

type HowlerModule = typeof import("howler");

export function createHowlerBackend(): AudioBackend {
  let howler: Promise<HowlerModule> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let masterVolume = 0.5;
  const sounds = new Map<TrackId, Howl>();
  // howler's play() without an id starts a new copy; keeping the id makes play() resume instead.
  const soundIds = new Map<TrackId, number>();
  // Our own record of what sounds: howler's playing() is false while a play() is still pending.
  const sounding = new Set<TrackId>();

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
    const sound = new Howl({ src: [track.src], html5: true, loop: true });
    // Mobile browsers may refuse until audio is unlocked by a touch; howler retries then.
    sound.on("playerror", (soundId) => sound.once("unlock", () => sound.play(soundId)));
    sounds.set(track.id, sound);
    return sound;
  };

  return {
    play(track) {
      run((module) => {
        module.Howler.volume(masterVolume);
        if (sounding.has(track.id)) return;
        const sound = soundFor(module, track);
        const soundId = soundIds.get(track.id);
        soundIds.set(track.id, soundId === undefined ? sound.play() : sound.play(soundId));
        sounding.add(track.id);
      });
    },
    pause(track) {
      run(() => {
        const soundId = soundIds.get(track.id);
        if (soundId !== undefined && sounding.delete(track.id)) sounds.get(track.id)?.pause(soundId);
      });
    },
    stop(track) {
      run(() => {
        const soundId = soundIds.get(track.id);
        sounding.delete(track.id);
        if (soundId !== undefined) sounds.get(track.id)?.stop(soundId);
      });
    },
    setVolume(volume) {
      masterVolume = volume;
      if (howler) run((module) => module.Howler.volume(volume));
    },
  };
}
