import { paths } from "@/config/paths";

/**
 * For `<ConvexAuthProvider shouldHandleCode={shouldConvexAuthHandleCode}>`. By default the
 * provider takes any `?code=` out of the address on load and tries it as an OAuth code; on
 * /verify-email that would swallow the e-mail link's verification code (PRODUCT D6) before
 * the page can use it, and on /reset-password the reset link's code (issue 30). Everywhere else
 * (Google's return) it must keep doing so.
 */
export function shouldConvexAuthHandleCode(): boolean {
  const pathname = window.location.pathname;
  return pathname !== paths.verifyEmail.href() && pathname !== paths.resetPassword.href();
}
