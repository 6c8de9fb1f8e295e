/**
 * Music volume rules (seed §9, F11): range 0–1, default 0.5, remembered across visits in
 * localStorage; the mute-style toggle switches between 0 and 0.5.
 */
export const DEFAULT_VOLUME = 0.5;
export const VOLUME_STORAGE_KEY = "dumy.music.volume";

/** The part of Storage we use, so tests and private-mode browsers can pass their own. */
export type VolumeStorage = Pick<Storage, "getItem" | "setItem">;

export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME;
  return Math.min(1, Math.max(0, volume));
}

/** The remembered volume, or the default when nothing (or nothing sensible) is stored. */
export function readStoredVolume(storage: VolumeStorage | null): number {
  const stored = safely(() => storage?.getItem(VOLUME_STORAGE_KEY) ?? null, null);
  if (stored === null || stored.trim() === "") return DEFAULT_VOLUME;
  return clampVolume(Number(stored));
}

export function storeVolume(storage: VolumeStorage | null, volume: number): void {
  // A full or blocked storage must not break the music: remembering is a courtesy.
  safely(() => storage?.setItem(VOLUME_STORAGE_KEY, String(clampVolume(volume))), undefined);
}

/** The mute-style toggle: any sound → silence, silence → the default 0.5. */
export function toggledVolume(volume: number): number {
  return volume > 0 ? 0 : DEFAULT_VOLUME;
}

/** Browser storage when the browser allows it (it can throw in private modes), else null. */
export function browserStorage(): VolumeStorage | null {
  return safely(() => (typeof window === "undefined" ? null : window.localStorage), null);
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
