import { useMutation, usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { useMinuteArgument, useMoveOnWhenPassed } from "../hooks/use-minute-argument";
import { sectionHeading, suspensionEndText } from "../moderation-types";

const PAGE_SIZE = 10;

/** Suspensions, newest first, each with Lift (or Clear, once it has run out). */
export function SuspensionsList() {
  const [now, moveOn] = useMinuteArgument();
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderationLists.suspensions,
    { now },
    { initialNumItems: PAGE_SIZE },
  );
  useMoveOnWhenPassed(
    now,
    results.map((row) => (row.active ? row.endsAt : null)),
    moveOn,
  );
  const lift = useMutation(api.moderation.lift);
  const [lifting, setLifting] = useState<Id<"users"> | null>(null);

  async function liftFor(userId: Id<"users">, name: string) {
    setLifting(userId);
    try {
      await withFailureToast(() => lift({ userId }), "Could not lift the suspension.");
      showSuccess(`${name}'s suspension is lifted.`);
    } catch {
      // The toast said why.
    } finally {
      setLifting(null);
    }
  }

  return (
    <section aria-labelledby="suspensions-heading">
      <h2 id="suspensions-heading" className={sectionHeading}>
        Suspensions
      </h2>
      {status !== "LoadingFirstPage" && results.length === 0 && (
        <p className="mt-2 text-sm text-fg-subtle">Nobody is suspended.</p>
      )}
      <ul aria-label="Suspensions" className="mt-3 space-y-2">
        {results.map((row) => (
          <li key={row._id} className="rounded-xl bg-surface p-3 shadow-sm ring-1 ring-line">
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1 text-sm">
                <CreatorAvatarLink creator={row.user} size="xs" showName />
                <p className="mt-1 text-fg-secondary">
                  {row.active ? `Suspended ${suspensionEndText(row.endsAt)}` : "Ended"} · by {row.by}
                </p>
                <p className="break-words text-fg-subtle">{row.reason}</p>
              </div>
              <Button
                onClick={() => void liftFor(row.user.userId, row.user.displayName)}
                disabled={lifting === row.user.userId}
                aria-label={`${row.active ? "Lift" : "Clear"} ${row.user.displayName}'s suspension`}
              >
                {row.active ? "Lift" : "Clear"}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Load more suspensions" />
    </section>
  );
}
