/**
 * The image formats an upload may have: raster types every browser shows and none of which can
 * run a script. SVG and HTML are refused (they can carry script and would be served from our
 * storage). A file's type is read from its first bytes, not from what the client declared.
 */
export const ALLOWED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

export const UNSUPPORTED_IMAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded";

/**
 * The largest upload accepted (bytes). The browser scales images to 1600 px on the long side and
 * encodes them as JPEG or WebP at quality 0.85 (a few hundred KB to ~2 MB), keeps small files as
 * they are (≤ 1.5 MB) and re-encodes as JPEG anything that would still be larger than this
 * (src/lib/image-resize.ts), so 5 MB leaves a wide margin for real pictures.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const IMAGE_TOO_LARGE = "Only images up to 5 MB can be uploaded";

/** The allowed type the bytes really are (by their signature), or null. */
export function sniffImageType(head: Uint8Array): AllowedImageType | null {
  const starts = (offset: number, bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (starts(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts(0, ascii("GIF87a")) || starts(0, ascii("GIF89a"))) return "image/gif";
  if (starts(0, ascii("RIFF")) && starts(8, ascii("WEBP"))) return "image/webp";
  return null;
}

/** The declared content type without parameters, lowercase ("image/PNG; x=y" → "image/png"). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** True when the declared type is allowed and the bytes are that type. */
export function isAllowedImage(declared: string | undefined, head: Uint8Array): boolean {
  const type = sniffImageType(head);
  return type !== null && mediaType(declared) === type;
}
