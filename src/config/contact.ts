/**
 * How people reach the team running this community, shown on the Help page. Set at build time
 * with VITE_SUPPORT_EMAIL (e.g. `VITE_SUPPORT_EMAIL=help@example.org npm run build`, or a line in
 * `.env.local`); see README "Configuration of the client".
 */
export const DEFAULT_SUPPORT_EMAIL = "team@dumy.community";

export const SUPPORT_EMAIL: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined)?.trim() || DEFAULT_SUPPORT_EMAIL;

/** A mailto: link with the subject (and a body to start from) filled in. */
export function mailtoLink(address: string, subject: string, body?: string): string {
  const query = new URLSearchParams({ subject });
  if (body !== undefined) query.set("body", body);
  // Mail clients read %20, not the "+" URLSearchParams writes for spaces.
  return `mailto:${address}?${query.toString().replaceAll("+", "%20")}`;
}
