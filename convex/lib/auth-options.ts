import { devMailboxEnabled } from "./auth-email";

/** True when both Google OAuth credentials are set (PRODUCT D7). */
export function googleConfigured(): boolean {
  return Boolean(process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET);
}

/** What the sign-in screens may offer on this deployment. */
export function signInOptions(): { google: boolean; devMailbox: boolean } {
  return { google: googleConfigured(), devMailbox: devMailboxEnabled() };
}
