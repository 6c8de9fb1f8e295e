import { paths } from "@/config/paths";
import { normalizeEmail } from "@convex/shared/auth-messages";

/**
 * Links between the login, forgot-password and reset-password screens (issue 30). The address
 * typed so far travels along in `?email=`, so nobody types it twice.
 */
function withEmail(path: string, email: string): string {
  const address = normalizeEmail(email);
  return address === "" ? path : `${path}?${new URLSearchParams({ email: address }).toString()}`;
}

export function forgotPasswordPath(email: string): string {
  return withEmail(paths.forgotPassword.href(), email);
}

export function resetPasswordPath(email: string): string {
  return withEmail(paths.resetPassword.href(), email);
}

/**
 * The router state the forgot-password page hands the reset page: a code was just asked for, so
 * the reset page shows the server's neutral answer once (a reload or the mailed link opens it
 * without this).
 */
export const CODE_REQUESTED = { codeRequested: true } as const;

export function codeWasRequested(state: unknown): boolean {
  return typeof state === "object" && state !== null && "codeRequested" in state && state.codeRequested === true;
}
