/**
 * Whether the person pressed Log Out. Signing out re-renders the guarded page they are on before
 * any navigation lands, and the guard would send them to /login?redirect=<that page>, so the next
 * person to log in on this device would be taken there. The guard reads this to send a deliberate
 * log-out to a plain /login; an expired session still keeps its way back.
 */
let signedOutOnPurpose = false;

export function noteSignOutOnPurpose(): void {
  signedOutOnPurpose = true;
}

/** A sign-out on purpose that did not happen after all (an account deletion that was refused). */
export function forgetSignOutOnPurpose(): void {
  signedOutOnPurpose = false;
}

/**
 * True from Log Out until someone is signed in again, with their user record in: a deleted
 * account is still authenticated for a moment after its user is gone, and keeps the intent.
 */
export function wasSignedOutOnPurpose(signedInWithUser: boolean): boolean {
  if (signedInWithUser) signedOutOnPurpose = false;
  return signedOutOnPurpose;
}
