import { useEffect, useState, type ComponentType } from "react";
import { useConnectionStatus } from "@/hooks/use-connection-status";
import type { ConnectionBannerBodyProps } from "./connection-banner-body";

/** How long "Back online" stays after the connection comes back. */
export const BACK_ONLINE_MS = 3_000;

/** When the banner's body is fetched if nothing needed it sooner: after the first screen, while there is a connection. */
const PRELOAD_AFTER_MS = 1_500;

type Body = ComponentType<ConnectionBannerBodyProps>;

/**
 * Under the top bar: "You're offline. Reconnecting..." once the connection has been gone for a
 * while (useConnectionStatus), then "Back online" for a moment. Its live region is always there, so
 * screen readers hear the text when it comes; the body is fetched soon after the page opens, since
 * offline it could not be.
 */
export function ConnectionBanner() {
  const { state, waitingChanges } = useConnectionStatus();
  const [shown, setShown] = useState<"offline" | "back" | null>(null);
  const [Body, setBody] = useState<Body | null>(null);

  // Offline, it shows; back from offline, it says so (a connection that only just came does not).
  const next = state === "offline" ? "offline" : shown === "offline" ? "back" : shown;
  if (next !== shown) setShown(next);

  useEffect(() => {
    if (shown !== "back") return;
    const timer = setTimeout(() => setShown(null), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const needed = shown !== null;
  useEffect(() => {
    if (Body !== null) return;
    let live = true;
    // Its own chunk (the first download's budget). Failing offline, it is asked for again when needed next.
    const load = () =>
      import("./connection-banner-body").then(
        (module) => live && setBody(() => module.ConnectionBannerBody),
        () => undefined,
      );
    const timer = setTimeout(load, needed ? 0 : PRELOAD_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [Body, needed]);

  return (
    <div role="status" className="sticky top-14 z-20">
      {shown !== null && Body !== null && <Body kind={shown} waitingChanges={waitingChanges} />}
    </div>
  );
}
