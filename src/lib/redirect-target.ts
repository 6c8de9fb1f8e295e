/**
 * The return address that travels in `?redirect=` between the route guard and the auth screens:
 * set when a signed-out visitor is sent to log in, honoured once they are in.
 */
import { OPEN_PATHS, paths } from "@/config/paths";

export const REDIRECT_PARAM = "redirect";

export function loginPathFor(returnTo: string): string {
  return `${paths.login.href()}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * Only a path on this site is followed ("/books?page=2"); anything else — another origin,
 * "//evil.example", an auth page that would loop — becomes home.
 */
export function safeRedirectTarget(target: string | null): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return paths.home.href();
  const targetPath = target.split(/[?#]/, 1)[0] ?? "";
  if (OPEN_PATHS.includes(targetPath)) return paths.home.href();
  return target;
}
