/**
 * The swipe sound (seed §4), played through howler like the music. howler is loaded on the
 * first swipe; the sound follows the app's volume, so muting the music mutes it too.
 */
import type { Howl } from "howler";

export const SWIPE_SOUND_SRC = "/duma/swipe.mp3";

let howler: Promise<typeof import("howler")> | null = null;
let sound: Howl | null = null;

export function playSwipeSound(volume: number): void {
  if (volume <= 0) return;
  howler ??= import("howler");
  howler
    .then(({ Howl, Howler }) => {
      sound ??= new Howl({ src: [SWIPE_SOUND_SRC] });
      // The master volume is the app's volume (the music player sets the same value).
      Howler.volume(volume);
      sound.play();
    })
    // A sound effect is a nicety: a blocked or missing file must never break the game.
    .catch((error: unknown) => console.warn("The swipe sound could not play:", error));
}
