import { clsx } from "clsx";
import { Check, CloudOff } from "lucide-react";
import { useEffect, useRef } from "react";

export type ConnectionBannerBodyProps = {
  /** "offline": no connection for a while; "back": it has just come back. */
  kind: "offline" | "back";
  /** Changes made and not yet acknowledged: they wait for the connection and go once it is back. */
  waitingChanges: number;
};

/**
 * The banner's height while it shows, on the root element: a screen sized to fit between the bars
 * (a conversation's frame) takes it off its own height, so the banner pushes nothing under the bottom bar.
 */
export const BANNER_HEIGHT_VARIABLE = "--connection-banner-height";

/** The connection banner's strip (see connection-banner.tsx): calm, in the page's flow, both themes. */
export function ConnectionBannerBody({ kind, waitingChanges }: ConnectionBannerBodyProps) {
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = strip.current;
    if (element === null || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(BANNER_HEIGHT_VARIABLE, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(BANNER_HEIGHT_VARIABLE);
    };
  }, []);

  const offline = kind === "offline";
  const Icon = offline ? CloudOff : Check;
  return (
    <div
      ref={strip}
      className={clsx(
        "border-b text-sm",
        offline
          ? "border-warning-line bg-warning-soft text-warning"
          : "border-success-line bg-success-soft text-success",
      )}
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 sm:items-center sm:px-6">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0 sm:mt-0" />
        <span>
          {offline ? (
            <>
              <strong className="font-semibold">You're offline.</strong> Reconnecting...{" "}
              {waitingChanges === 0
                ? "Changes you make will be sent when you're back."
                : waitingChanges === 1
                  ? "1 change is waiting and will be sent when you're back."
                  : `${waitingChanges} changes are waiting and will be sent when you're back.`}
            </>
          ) : (
            "Back online."
          )}
        </span>
      </p>
    </div>
  );
}
