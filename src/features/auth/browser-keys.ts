/**
 * Two random tokens this browser keeps for the password flows (SECURITY.md, accounts):
 * - a client id, sent with every attempt, so wrong passwords slow down this browser only;
 * - per address it registered, a registration key: verifying that address signs in from this
 *   browser without the password, and nowhere else does (a mailed link opened elsewhere asks
 *   for the password, so it can never log anyone into somebody else's sign-up).
 */
const CLIENT_ID_KEY = "dumy.clientId";
const REGISTRATION_PREFIX = "dumy.registration.";

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: every attempt counts as an unknown client
  }
}

export function clientId(): string {
  const store = storage();
  const existing = store?.getItem(CLIENT_ID_KEY);
  if (existing) return existing;
  const created = randomToken();
  store?.setItem(CLIENT_ID_KEY, created);
  return created;
}

/** A fresh key for a sign-up of `email` from this browser (replacing any earlier one). */
export function newRegistrationKey(email: string): string {
  const key = randomToken();
  storage()?.setItem(REGISTRATION_PREFIX + email, key);
  return key;
}

/** The key of this browser's latest sign-up of `email`, or "" when it did not sign it up. */
export function registrationKeyFor(email: string): string {
  return storage()?.getItem(REGISTRATION_PREFIX + email) ?? "";
}

export function forgetRegistration(email: string): void {
  storage()?.removeItem(REGISTRATION_PREFIX + email);
}
