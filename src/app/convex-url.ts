/**
 * Where the Convex deployment is. A build for a Convex deployment sets VITE_CONVEX_URL;
 * without it the app talks to the local backend that served the page (same origin).
 */
export function convexUrl(): string {
  const configured = import.meta.env.VITE_CONVEX_URL as string | undefined;
  return configured && configured.length > 0 ? configured : window.location.origin;
}
