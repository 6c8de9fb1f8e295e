/**
 * The route guard's rules (PRODUCT D1) as plain functions, so they are tested without React:
 * every page except the open ones needs a signed-in user with a verified e-mail; the wanted
 * address travels in `?redirect=` (agreed with the auth screens) and is honoured after login.
 */
import { paths } from "@/config/paths";
import { loginPathFor, REDIRECT_PARAM, safeRedirectTarget } from "@/lib/redirect-target";

/** What the guard needs to know about the user (from api.users.viewer). */
export type GuardViewer = { email: string; emailVerified: boolean };

export type GuardInput = {
  authLoading: boolean;
  authenticated: boolean;
  /** undefined while the viewer query loads, null when the session has no user. */
  viewer: GuardViewer | null | undefined;
  pathname: string;
  search: string;
  /** The person pressed Log Out: no way back to the page they left (see sign-out-intent.ts). */
  signedOutOnPurpose?: boolean;
};

export type GuardDecision = { kind: "wait" } | { kind: "allow" } | { kind: "redirect"; to: string };

/** Guarded pages: wait for auth, then let verified users in and send everyone else away. */
export function decideGuardedRoute({
  authLoading,
  authenticated,
  viewer,
  pathname,
  search,
  signedOutOnPurpose = false,
}: GuardInput): GuardDecision {
  if (authLoading) return { kind: "wait" };
  const returnTo = pathname + search;
  if (!authenticated) return { kind: "redirect", to: signedOutOnPurpose ? paths.login.href() : loginPathFor(returnTo) };
  if (viewer === undefined) return { kind: "wait" };
  // A session ended on purpose (its account deleted) turns the viewer null before the sign-out lands.
  if (viewer === null)
    return { kind: "redirect", to: signedOutOnPurpose ? paths.login.href() : loginPathFor(returnTo) };
  if (!viewer.emailVerified) {
    const query = new URLSearchParams({ email: viewer.email, [REDIRECT_PARAM]: returnTo });
    return { kind: "redirect", to: `${paths.verifyEmail.href()}?${query.toString()}` };
  }
  return { kind: "allow" };
}

/** /login and /register: a verified user who is already signed in goes on to where they wanted. */
export function decideSignInPage({ authLoading, authenticated, viewer, search }: GuardInput): GuardDecision {
  if (authLoading || (authenticated && viewer === undefined)) return { kind: "wait" };
  if (authenticated && viewer?.emailVerified) {
    return { kind: "redirect", to: safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM)) };
  }
  return { kind: "allow" };
}
