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

/** True from Log Out until someone is signed in again. */
export function wasSignedOutOnPurpose(authenticated: boolean): boolean {
  if (authenticated) signedOutOnPurpose = false;
  return signedOutOnPurpose;
}
