/**
 * The account messages of seed §8 (and the few this product adds). The server throws them as
 * ConvexError data and the auth screens show them as they are, so both import them from here.
 * Plain constants only: the client bundle imports this file.
 */
export const AUTH_MESSAGES = {
  invalidEmail: "Invalid email address",
  accountNotFound: "Account not found",
  incorrectPassword: "Incorrect password",
  loginFailed: "Login failed. Please try again.",
  notVerified: "Please verify your email before logging in",
  googleLoginFailed: "Failed to sign in with Google. Please try again.",
  emailInUse: "Email already in use",
  weakPassword: "Password should be at least 6 characters",
  passwordsDoNotMatch: "Passwords do not match",
  registrationFailed: "Registration failed. Please try again.",
  googleSignUpFailed: "Failed to sign up with Google. Please try again.",
  resendNeedsLogin: "Unable to resend verification email. Please log in again.",
  resendFailed: "Failed to resend verification email. Please try again.",
  resent: "Verification email resent. Please check your inbox.",
  // Not in the seed (its verification was a link only): the 8-digit code of PRODUCT D6.
  invalidCode: "Invalid or expired verification code",
  tooManyAttempts: "Too many failed attempts. Please try again later.",
  passwordTooLong: "Password must be at most 128 characters",
  emailTooLong: "Email address must be at most 254 characters",
  alreadySignedIn: "You are already logged in. Log out first to verify another address.",
  verifyNeedsPassword: "Enter the password you chose when registering to verify this address.",
  alreadyVerified: "This email is already verified. Please log in.",
  mailNotSent: "The verification email could not be sent. Please try again later.",
  mailboxUnavailable: "The dev mailbox is not available",
  // Forgotten password (issue 30): one answer whether or not the address has an account.
  resetSent: "If an account exists for this address, we sent a code to it.",
  invalidResetCode: "This code is wrong or has expired. Request a new one.",
  resetWhileSignedIn: "You are already logged in. Log out first to reset a password.",
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** The brute-force back-off's answer (convex/lib/sign-in-backoff.ts). */
export function tooManyAttemptsMessage(seconds: number): string {
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed attempts. Please wait ${wait} and try again.`;
}
export const VERIFICATION_CODE_LENGTH = 8;

/** Lowercase and trimmed: the one form an address is stored and compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The same loose check as an `<input type="email">`: something@something.something, no spaces. */
export function isEmailAddress(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** Account settings (issue 30): changing the password or the e-mail address, other devices. */
export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: "Your current password is incorrect.",
  noPassword: "You sign in with Google: this account has no password to change.",
  emailFromGoogle: "You sign in with Google: your e-mail address comes from your Google account.",
  emailInUse: "This email is already in use",
  sameEmail: "This is already your e-mail address.",
  noEmailChange: "No e-mail change is waiting for a code. Please request a new code.",
  invalidEmailCode: "Invalid or expired code. Please check it or request a new one.",
  tooManyEmailCodes: "Too many wrong codes. Please request a new one.",
} as const;
