import { Ban } from "lucide-react";
import { useEffect } from "react";

type SuspendedNoticeProps = { endsAt: number | null; reason: string };

const until = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * Shown instead of any page while the account is suspended (issue 16): every function refuses
 * the user now, so the page could only fail; this says why and until when, in their time zone.
 */
export function SuspendedNotice({ endsAt, reason }: SuspendedNoticeProps) {
  useComeBackWhenItEnds(endsAt);
  return (
    <section
      aria-labelledby="suspended-title"
      className="mx-auto my-10 max-w-lg rounded-2xl border border-danger-line bg-surface p-6 text-center shadow-sm sm:my-16"
    >
      <Ban aria-hidden className="mx-auto size-10 text-danger" />
      <h1 id="suspended-title" className="mt-3 text-xl font-bold text-fg">
        Your account is suspended
      </h1>
      <p className="mt-2 text-fg-secondary">{endsAt === null ? "Indefinitely." : `Until ${until.format(endsAt)}.`}</p>
      <p className="mt-3 rounded-lg bg-canvas px-3 py-2 text-sm break-words text-fg-secondary">
        <span className="font-medium">Reason:</span> {reason}
      </p>
      <p className="mt-3 text-sm text-fg-muted">
        Your posts and books stay as they are. If you think this is a mistake, write to us from the Help page&apos;s
        address.
      </p>
    </section>
  );
}

/** Longest wait setTimeout takes (about 24.8 days); a longer suspension is re-read on the next visit. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A suspension running out writes nothing, so no live query re-runs by itself: the page reloads
 * when it ends, and the server (which compares with its clock) answers normally again.
 */
function useComeBackWhenItEnds(endsAt: number | null): void {
  useEffect(() => {
    if (endsAt === null) return;
    const wait = endsAt - Date.now() + 1000;
    if (wait > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => window.location.reload(), Math.max(wait, 1000));
    return () => clearTimeout(timer);
  }, [endsAt]);
}
