/**
 * The home background (seed §2/§9, PRODUCT D10): a random picture id 1–1000 at 1024×1024 from a
 * placeholder-image service, then id 1 when that one fails. A picture bundled with the app is
 * shown at once underneath, so the page looks right before the photo arrives and offline; once
 * both photos fail the browser remembers the service as unreachable for a while and stops
 * asking it (each failed request is an error in the console and time on a slow network).
 */
export const PICTURE_ID_MIN = 1;
export const PICTURE_ID_MAX = 1000;
export const FALLBACK_PICTURE_ID = 1;
export const LOCAL_BACKGROUND_URL = "/images/home-fallback.svg";
export const UNREACHABLE_STORAGE_KEY = "dumy.home.pictureServiceUnreachableAt";
/** How long a failed service is left alone before it is tried again. */
export const UNREACHABLE_RETRY_MS = 60 * 60 * 1000;

export function remotePictureUrl(id: number): string {
  return `https://picsum.photos/id/${id}/1024/1024`;
}

/** A whole number from 1 to 1000; `random` returns [0, 1) like Math.random. */
export function randomPictureId(random: () => number = Math.random): number {
  const id = PICTURE_ID_MIN + Math.floor(random() * (PICTURE_ID_MAX - PICTURE_ID_MIN + 1));
  return Math.min(PICTURE_ID_MAX, Math.max(PICTURE_ID_MIN, id));
}

/** The remote pictures to try, in order; the bundled picture stays underneath them. */
export function remoteSources(pictureId: number): string[] {
  const sources = [remotePictureUrl(pictureId)];
  if (pictureId !== FALLBACK_PICTURE_ID) sources.push(remotePictureUrl(FALLBACK_PICTURE_ID));
  return sources;
}

type PictureStorage = Pick<Storage, "getItem" | "setItem">;

/** Whether to ask the service now: not when offline, nor soon after it last failed. */
export function shouldTryRemote(storage: PictureStorage | null, online: boolean, now = Date.now()): boolean {
  if (!online) return false;
  const failedAt = Number(safely(() => storage?.getItem(UNREACHABLE_STORAGE_KEY), null) ?? Number.NaN);
  return !(now - failedAt < UNREACHABLE_RETRY_MS);
}

export function rememberUnreachable(storage: PictureStorage | null, now = Date.now()): void {
  safely(() => storage?.setItem(UNREACHABLE_STORAGE_KEY, String(now)), undefined);
}

/** Browser storage when the browser allows it (private modes may throw), else null. */
export function pictureStorage(): PictureStorage | null {
  return safely(() => (typeof window === "undefined" ? null : window.localStorage), null);
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
