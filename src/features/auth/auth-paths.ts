import { REDIRECT_PARAM, safeRedirectTarget } from "@/lib/redirect-target";
import { paths } from "@/config/paths";

/** Where to go after signing in: the guard's `?redirect=` when it is a path on this site, else home. */
export function returnPathFrom(searchParams: URLSearchParams): string {
  return safeRedirectTarget(searchParams.get(REDIRECT_PARAM));
}

/**
 * Where to go once the e-mail is verified: the page asked for before login, else BOOK_CROSS
 * (seed §4). Home counts as no particular page: it is where every first visit starts.
 */
export function afterVerificationPath(searchParams: URLSearchParams): string {
  const target = returnPathFrom(searchParams);
  return target === paths.home.href() ? paths.books.href() : target;
}

/** The verify screen for an address, passing the return path along. */
export function verifyEmailPath(email: string, searchParams: URLSearchParams): string {
  const query = new URLSearchParams({ email });
  const redirect = searchParams.get(REDIRECT_PARAM);
  if (redirect) query.set(REDIRECT_PARAM, redirect);
  return `${paths.verifyEmail.href()}?${query.toString()}`;
}

/** A link to another auth screen (login ↔ register) that keeps the return path. */
export function authPathKeepingRedirect(path: string, searchParams: URLSearchParams): string {
  const redirect = searchParams.get(REDIRECT_PARAM);
  return redirect ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect }).toString()}` : path;
}
