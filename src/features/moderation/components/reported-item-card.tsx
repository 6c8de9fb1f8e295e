import { useMutation, useQuery } from "convex/react";
import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";
import { TimeAgo } from "@/components/ui/time-ago";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import type { ReportTarget } from "@convex/shared/moderation-validators";
import { itemLink, KIND_LABELS, type ReportedItem, suspensionEndText } from "../moderation-types";
import { ItemReports } from "./item-reports";
import { RemoveAllDialog } from "./remove-all-dialog";
import { SuspendDialog } from "./suspend-dialog";

/** What Remove does to each kind, said before it is done. */
function removeMessage(kind: ReportTarget["kind"]): string {
  if (kind === "profile") return "The profile's name, avatar and texts are cleared. The account stays.";
  return "It is deleted with everything that belongs to it, exactly as if its author had deleted it.";
}

/** Why a viewer is offered no action on an item. */
const REFUSAL_TEXTS: Record<NonNullable<ReportedItem["refusal"]>, string> = {
  ownContent: "This report is about your own content: another moderator decides.",
  staffContent: "Only an admin can act on a moderator's content.",
};

/** One reported item: the content in place, its author, why people reported it, and the actions. */
export function ReportedItemCard({ item }: { item: ReportedItem }) {
  const remove = useMutation(api.moderation.remove);
  const dismiss = useMutation(api.moderation.dismiss);
  // The card's own query: a new report of this item re-runs it, not the whole queue's page. Null
  // (the item has left the queue) only until the page drops the card, which it does at once.
  const reports = useQuery(api.moderationLists.reportsOf, { itemId: item._id }) ?? undefined;
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const [removingAll, setRemovingAll] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  // The server validates the kind and id again; the stored pair is what it handed out.
  const target = item.target as ReportTarget;
  const kindLabel = KIND_LABELS[target.kind];
  const link = itemLink(target.kind, target.id, item.content?.parentId ?? null);
  const headingId = `item-${item._id}`;
  // The server says what this viewer may do (and still refuses anything else).
  const canSuspend = item.canSuspendAuthor && !item.authorSuspended;
  const anyAction = item.canRemove || item.canDismiss || canSuspend || item.canRemoveAllOfAuthor;
  // Exact once the reports are read; until then the stored count, at most a minute behind. While a
  // burst of reports is being counted (within a minute) the count is "at least".
  const count = reports ?? { reportCount: item.reportCount, reportCountIsLowerBound: false };
  const countText = `${count.reportCount}${count.reportCountIsLowerBound ? "+" : ""}`;

  async function dismissReports() {
    setDismissing(true);
    try {
      await withFailureToast(() => dismiss({ target }), "Could not dismiss the reports.");
      showSuccess("Reports dismissed.");
    } catch {
      // The toast said why.
    } finally {
      setDismissing(false);
    }
  }

  return (
    <Card as="li" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <h3 id={headingId} className="font-semibold text-fg">
          {kindLabel}
          {item.content?.title ? `: ${item.content.title}` : ""}
        </h3>
        <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
          {countText} {count.reportCount === 1 && !count.reportCountIsLowerBound ? "report" : "reports"}
        </span>
        <TimeAgo timestamp={item.lastReportedAt} className="text-xs text-fg-subtle" />
        {link && (
          <Link
            to={link}
            className="ml-auto inline-flex items-center gap-1 rounded text-xs font-medium text-accent-fg hover:underline focus-ring"
          >
            Open
            <span className="sr-only"> {kindLabel.toLowerCase()}</span>
            <ExternalLink aria-hidden className="size-3.5" />
          </Link>
        )}
      </div>

      {item.content === null ? (
        <p className="mt-3 rounded-lg bg-canvas px-3 py-2 text-sm text-fg-muted">This content no longer exists.</p>
      ) : item.content.text === null && item.content.imageUrl === null ? null : (
        <div className="mt-3 flex gap-3 rounded-xl bg-canvas p-3">
          {item.content.imageUrl && (
            <img
              src={item.content.imageUrl}
              alt={`Image of the reported ${kindLabel.toLowerCase()}`}
              loading="lazy"
              className="size-20 shrink-0 rounded-lg object-cover ring-1 ring-line"
            />
          )}
          <p className="line-clamp-6 min-w-0 text-sm break-words whitespace-pre-line text-fg">{item.content.text}</p>
        </div>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-fg-secondary">
        <span className="text-fg-subtle">By</span>
        <CreatorAvatarLink creator={item.author} size="xs" showName />
        {item.authorSuspended && (
          <span className="rounded-full bg-warning-soft-strong px-2 py-0.5 text-xs font-medium text-warning">
            Suspended {suspensionEndText(item.author.suspendedUntil ?? null)}
          </span>
        )}
      </div>

      <ItemReports data={reports} kindLabel={kindLabel} />

      {anyAction ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {item.canRemove && (
            <Button variant="danger" size="sm" onClick={() => setConfirmingRemove(true)}>
              Remove
            </Button>
          )}
          {item.canDismiss && (
            <Button size="sm" onClick={() => void dismissReports()} disabled={dismissing}>
              {dismissing ? "Dismissing..." : "Dismiss"}
            </Button>
          )}
          {canSuspend && (
            <Button size="sm" onClick={() => setSuspending(true)}>
              Suspend author
            </Button>
          )}
          {item.canRemoveAllOfAuthor && (
            <Button variant="danger-secondary" size="sm" onClick={() => setRemovingAll(true)}>
              Remove all content
            </Button>
          )}
        </div>
      ) : (
        item.refusal && <p className="mt-4 text-sm text-fg-muted">{REFUSAL_TEXTS[item.refusal]}</p>
      )}

      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title={`Remove this ${kindLabel.toLowerCase()}?`}
        message={removeMessage(target.kind)}
        confirmLabel="Remove"
        busyLabel="Removing..."
        destructive
        onConfirm={async () => {
          await withFailureToast(() => remove({ target }), "Could not remove it.");
          showSuccess(`${kindLabel} removed.`);
        }}
      />
      {removingAll && (
        <RemoveAllDialog
          open={removingAll}
          onOpenChange={setRemovingAll}
          userId={item.author.userId}
          name={item.author.displayName}
        />
      )}
      {suspending && (
        <SuspendDialog
          open={suspending}
          onOpenChange={setSuspending}
          userId={item.author.userId}
          name={item.author.displayName}
        />
      )}
    </Card>
  );
}
