import { MAX_UPLOAD_BYTES } from "@convex/shared/image-types";
import { UserFacingError } from "./error-text";

/** Uploaded images are scaled so their long side is at most this many pixels (PRODUCT D3). */
export const MAX_IMAGE_SIDE = 1600;

/** A file that already fits and is smaller than this is uploaded untouched. */
const KEEP_AS_IS_BYTES = 1_500_000;

/** The size an image of `width` × `height` gets when its long side is capped at `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide) return { width, height };
  const scale = maxSide / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a file is one we accept as an image (the browser's own type, as `accept="image/*"` does). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}

/**
 * Redraws an image in the browser so its long side is at most `maxSide`, before it is uploaded.
 * Small JPEG/PNG/WebP/GIF files that fit are kept as they are (an animated GIF stays animated);
 * everything else (large photos, SVG, large GIFs, BMP …)
 * becomes a plain raster picture: JPEG for JPEGs, WebP (PNG where WebP encoding is missing) otherwise,
 * so transparency survives (JPEG if that would be over the server's MAX_UPLOAD_BYTES). Resolves with the blob to upload.
 */
export async function resizeImage(file: File, maxSide = MAX_IMAGE_SIDE): Promise<Blob> {
  if (!isImageFile(file)) throw new UserFacingError("Please choose an image file");
  const image = await loadImage(file);
  const target = fitWithin(image.naturalWidth, image.naturalHeight, maxSide);
  const keepAsIs =
    target.width === image.naturalWidth &&
    file.size <= KEEP_AS_IS_BYTES &&
    ["image/jpeg", "image/png", "image/webp", "image/gif"].includes(file.type);
  if (keepAsIs) return file;

  const canvas = document.createElement("canvas");
  canvas.width = target.width;
  canvas.height = target.height;
  const context = canvas.getContext("2d");
  if (!context) throw new UserFacingError("This browser cannot prepare images for upload");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, target.width, target.height);
  const type = file.type === "image/jpeg" ? "image/jpeg" : "image/webp";
  const blob = await encode(canvas, type);
  // Where WebP encoding is missing the browser writes a lossless PNG, which for a photo can pass
  // the server's size limit; JPEG always fits (transparency is lost, the picture is kept).
  return blob.size > MAX_UPLOAD_BYTES && blob.type !== "image/jpeg" ? await encode(canvas, "image/jpeg") : blob;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new UserFacingError("Could not prepare the image"))),
      type,
      0.85,
    );
  });
}

function loadImage(file: File): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new UserFacingError("This file could not be read as an image"));
    };
    image.src = url;
  });
}
