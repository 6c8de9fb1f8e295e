/**
 * The home background (seed §2/§9, PRODUCT D10): a random picture id 1–1000 at 1024×1024 from a
 * placeholder-image service, then id 1 when that one fails, then a picture bundled with the app
 * so the page still looks right offline.
 */
export const PICTURE_ID_MIN = 1;
export const PICTURE_ID_MAX = 1000;
export const FALLBACK_PICTURE_ID = 1;
export const LOCAL_BACKGROUND_URL = "/images/home-fallback.svg";

export function remotePictureUrl(id: number): string {
  return `https://picsum.photos/id/${id}/1024/1024`;
}

/** A whole number from 1 to 1000; `random` returns [0, 1) like Math.random. */
export function randomPictureId(random: () => number = Math.random): number {
  const id = PICTURE_ID_MIN + Math.floor(random() * (PICTURE_ID_MAX - PICTURE_ID_MIN + 1));
  return Math.min(PICTURE_ID_MAX, Math.max(PICTURE_ID_MIN, id));
}

/** The pictures to try, in order; the page moves to the next when one fails to load. */
export function backgroundSources(pictureId: number): string[] {
  const remote = [remotePictureUrl(pictureId)];
  if (pictureId !== FALLBACK_PICTURE_ID) remote.push(remotePictureUrl(FALLBACK_PICTURE_ID));
  return [...remote, LOCAL_BACKGROUND_URL];
}
