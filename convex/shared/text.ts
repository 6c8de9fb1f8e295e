import { ConvexError } from "convex/values";

/** Character limits enforced on the server (ARCHITECTURE.md). */
export const LIMITS = {
  title: 120,
  description: 5000,
  contact: 500,
  comment: 1000,
  message: 2000,
  chatName: 80,
  chatDescription: 500,
  displayName: 60,
  profileField: 1000,
  url: 2048,
} as const;

/**
 * Trims `text` and checks it against `max`. Throws a human message naming the field.
 * With `required`, blank or whitespace-only text is rejected too.
 */
export function cleanText(
  text: string,
  field: string,
  max: number,
  { required = false }: { required?: boolean } = {},
): string {
  const trimmed = text.trim();
  if (required && trimmed.length === 0) throw new ConvexError(`${field} is required`);
  if (trimmed.length > max) throw new ConvexError(`${field} must be at most ${max} characters`);
  return trimmed;
}

/** Like cleanText for optional fields: undefined stays undefined, blank becomes undefined. */
export function cleanOptionalText(text: string | undefined, field: string, max: number): string | undefined {
  if (text === undefined) return undefined;
  const cleaned = cleanText(text, field, max);
  return cleaned.length === 0 ? undefined : cleaned;
}

/** Remote images must be https URLs (PRODUCT D3). */
export function cleanImageUrl(url: string): string {
  const trimmed = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new ConvexError("Image URL must be a valid https URL");
  }
  if (parsed.protocol !== "https:" || trimmed.length > LIMITS.url) {
    throw new ConvexError("Image URL must be a valid https URL");
  }
  return trimmed;
}
