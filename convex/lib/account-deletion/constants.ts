/** The texts and fixed values of "Delete my account" (issue 30). */

/** What the person types to confirm, exactly (case and all). */
export const CONFIRMATION_WORD = "DELETE";

export const CONFIRMATION_REQUIRED = "Type DELETE to confirm.";
export const PASSWORD_REQUIRED = "Please enter your password.";
export const WRONG_PASSWORD = "Your password is incorrect.";

/**
 * The client id the password check counts its tries under (lib/sign-in-backoff.ts): tries here
 * share the address-wide back-off with sign-in, so this form is no faster a way to guess.
 */
export const DELETION_CLIENT_ID = "account-deletion";

/** Rows keyed by the address deleted per batch of the last stage. */
export const ROW_BATCH_FOR_ADDRESS = 200;

/** A deletion whose last batch is older than this has stopped (a failed batch): the cron resumes it. */
export const STALLED_AFTER_MS = 10 * 60_000;
