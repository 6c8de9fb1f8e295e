import { clsx } from "clsx";
import { useOffline } from "@/hooks/use-connection-status";

/**
 * The seed's 'Loading...' state: a spinner with the text, announced politely to screen readers.
 * Offline (no connection for a while, as the layout tells it: useOffline) the data cannot come, so
 * it says that instead of spinning on; the screen appears by itself once the connection is back.
 */
export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  const offline = useOffline();
  return (
    <div role="status" className={clsx("flex items-center justify-center gap-2 py-10 text-fg-subtle", className)}>
      {offline ? (
        <span className="max-w-sm px-4 text-center">
          Can't load this while offline. It will appear when you're back online.
        </span>
      ) : (
        <>
          <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
          <span>{label}</span>
        </>
      )}
    </div>
  );
}
