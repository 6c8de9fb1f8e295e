import {
  AUTH_MESSAGES,
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  VERIFICATION_CODE_LENGTH,
} from "@convex/shared/auth-messages";

// Checked in the browser before anything is sent (seed §5); the server checks again.

export const LOGIN_FIELDS_REQUIRED = "Please enter your email and password.";
export const CODE_REQUIRED = `Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail.`;

/** Login: both fields required. Null when the form may be sent. */
export function loginFormProblem(email: string, password: string): string | null {
  return email.trim() === "" || password === "" ? LOGIN_FIELDS_REQUIRED : null;
}

/** Register: an e-mail address (at most 254 characters), matching passwords of 6 to 128 characters. */
export function registerFormProblem(email: string, password: string, confirmPassword: string): string | null {
  if (normalizeEmail(email).length > MAX_EMAIL_LENGTH) return AUTH_MESSAGES.emailTooLong;
  if (!isEmailAddress(normalizeEmail(email))) return AUTH_MESSAGES.invalidEmail;
  if (password !== confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.weakPassword;
  if (password.length > MAX_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

/** Verify: an e-mail address and exactly 8 digits. */
export function verifyFormProblem(email: string, code: string): string | null {
  if (!isEmailAddress(normalizeEmail(email))) return AUTH_MESSAGES.invalidEmail;
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code) ? null : CODE_REQUIRED;
}

/** Keeps only digits, so a pasted "1234 5678" still fits the 8-character field. */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, VERIFICATION_CODE_LENGTH);
}
