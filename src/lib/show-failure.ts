import { errorText } from "./error-text";
import { showFailure } from "./toasts";

/**
 * Runs a server call; if it fails, shows the server's message (or `fallback`) as a toast and
 * rethrows, so the caller keeps what the user typed and its own state stays honest.
 */
export async function withFailureToast<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    showFailure(errorText(error, fallback));
    throw error;
  }
}

/** For fire-and-forget handlers (a like button): the toast already told the user. */
export function ignoreShownFailure(): void {}
