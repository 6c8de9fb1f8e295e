import { clsx } from "clsx";
import { Ellipsis, Flag, Pencil, Reply, SmilePlus, Trash2 } from "lucide-react";
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { MenuButton, opensUpward, type MenuItem } from "@/components/ui/menu-button";
import { useWideScreen } from "@/hooks/use-wide-screen";
import { nameWithQuote } from "@/lib/name-with-quote";
import type { ReportTarget } from "@convex/shared/moderation-validators";
import { ReactionChoices } from "./reactions/reaction-choices";
import type { ReactableMessageId } from "./reactions/reaction-types";

// As in ReportButton: the dialog (and the reasons' texts) load only when someone reports something.
const ReportDialog = lazy(async () => ({
  default: (await import("@/components/moderation/report-dialog")).ReportDialog,
}));

/**
 * Shows the "More actions" menu below the `sm` breakpoint only; the row of buttons
 * (message-actions.tsx) takes over from `sm` up.
 */
export const PHONE_ONLY = "sm:hidden";
/** The row of action buttons: from `sm` up only, as children of the message's own flex row. */
export const WIDE_ONLY = "hidden sm:contents";

/** The row of action buttons, rendered only from `sm` up (use-wide-screen.ts). */
export function WideOnly({ children }: { children: ReactNode }) {
  return useWideScreen() ? <div className={WIDE_ONLY}>{children}</div> : null;
}

/** The ⋯ menu, rendered only below `sm`. */
export function PhoneOnly({ children }: { children: ReactNode }) {
  return useWideScreen() ? null : <>{children}</>;
}

type MessageActionsMenuProps = {
  messageId: ReactableMessageId;
  text: string;
  /** Who wrote it, for the button's name ("Actions for Bob's message"); ignored on one's own. */
  authorName: string;
  isMine: boolean;
  onReply: () => void;
  /** Offered while the reader may still edit their own message. */
  onEdit?: () => void;
  /** Offered on the reader's own messages (the caller asks first). */
  onDelete?: () => void;
  /** Offered on other people's messages. */
  report?: ReportTarget;
  /** Which edge of the positioned box the menu and the emoji row line up with. */
  align: "start" | "end";
  /** "parent": they are placed against the caller's `relative` row rather than this button. */
  anchor?: "button" | "parent";
  className?: string;
};

/**
 * One "More actions" (⋯) button per message on a phone, instead of the row of up to four buttons
 * that would take ~160 px from the text: Reply, Edit (own, while allowed), Add reaction (opens the
 * six emoji), Report (others') or Delete (own). Everything the wide row offers, one tap further.
 */
export function MessageActionsMenu({
  messageId,
  text,
  authorName,
  isMine,
  onReply,
  onEdit,
  onDelete,
  report,
  align,
  anchor = "button",
  className,
}: MessageActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [reacting, setReacting] = useState<{ upward: boolean } | null>(null);
  const [reporting, setReporting] = useState(false);
  const closeReactions = useCallback(() => setReacting(null), []);
  const whose = isMine ? "your message" : `${authorName}'s message`;

  const items: MenuItem[] = [{ label: "Reply", icon: <Reply aria-hidden className="size-4" />, onSelect: onReply }];
  if (onEdit) items.push({ label: "Edit", icon: <Pencil aria-hidden className="size-4" />, onSelect: onEdit });
  items.push({
    label: "Add reaction",
    icon: <SmilePlus aria-hidden className="size-4" />,
    onSelect: () => setReacting({ upward: opensUpward(trigger.current) }),
  });
  if (report) {
    items.push({
      label: "Report",
      icon: <Flag aria-hidden className="size-4" />,
      tone: "danger",
      onSelect: () => setReporting(true),
    });
  }
  if (onDelete) {
    items.push({
      label: "Delete",
      icon: <Trash2 aria-hidden className="size-4" />,
      tone: "danger",
      onSelect: onDelete,
    });
  }

  return (
    <div className={clsx(anchor === "button" && "relative", className)}>
      <MenuButton
        label={nameWithQuote(`Actions for ${whose}`, text)}
        title="More actions"
        icon={<Ellipsis aria-hidden className="size-4" />}
        items={items}
        align={align}
        anchor="parent"
        triggerRef={trigger}
      />
      {reacting && (
        <ReactionChoices
          messageId={messageId}
          opener={trigger}
          onClose={closeReactions}
          align={align}
          upward={reacting.upward}
        />
      )}
      {report && reporting && (
        <Suspense fallback={null}>
          <ReportDialog open={reporting} onOpenChange={setReporting} target={report} label="message" />
        </Suspense>
      )}
    </div>
  );
}
