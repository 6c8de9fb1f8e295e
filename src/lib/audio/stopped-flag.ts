/**
 * Whether the user stopped the music (F11): remembered in localStorage, so a reload or a new
 * visit stays silent until they press Play on the music page again.
 */
import type { VolumeStorage } from "./volume";

export const STOPPED_STORAGE_KEY = "dumy.music.stopped";

export function readStoppedFlag(storage: VolumeStorage | null): boolean {
  try {
    return storage?.getItem(STOPPED_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

export function storeStoppedFlag(storage: VolumeStorage | null, stopped: boolean): void {
  // Remembering is a courtesy: a full or blocked storage must not break the player.
  try {
    storage?.setItem(STOPPED_STORAGE_KEY, stopped ? "1" : "0");
  } catch {
    // nothing to do
  }
}
