import { clsx } from "clsx";
import { useMutation } from "convex/react";
import { ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { FriendButton } from "@/components/people/friend-button";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { TimeAgo } from "@/components/ui/time-ago";
import { useFocusHandOffOnRemoval } from "@/hooks/use-focus-hand-off-on-removal";
import { api } from "@convex/_generated/api";
import type { NotificationView } from "@convex/shared/notifications";
import { notificationHref, notificationText, REMOVED_TARGET_TEXT, targetRemoved } from "../notification-text";

/**
 * One notification: who (avatar), what (a sentence linking to the item), when, and "New" while
 * unread (a word and bold text, not a colour alone). Opening it marks it read; one without a
 * link (a moderation notice, a removed item) has a Mark as read button instead.
 */
export function NotificationRow({ notification }: { notification: NotificationView }) {
  const markRead = useMutation(api.notifications.markRead);
  const [marking, setMarking] = useState(false);
  // Shown from the start while they had not been added back; it stays (as Unfriend) once pressed,
  // so the focus is not dropped by the live update that sets canAddBack to false.
  const [offerAddBack] = useState(notification.canAddBack === true);
  const unread = !notification.read;
  const href = notificationHref(notification);
  const text = notificationText(notification);
  const actor = notification.actor;

  function open() {
    // Fire and forget: the link opens either way, and a failure only leaves it unread.
    if (unread) void markRead({ notificationId: notification._id }).catch(() => {});
  }

  async function markAsRead() {
    setMarking(true);
    try {
      await markRead({ notificationId: notification._id });
    } catch {
      // Stays unread and says so; nothing was lost.
    } finally {
      setMarking(false);
    }
  }

  return (
    <li className={clsx("flex items-start gap-3 px-3 py-3 sm:px-4", unread && "bg-accent-soft/40")}>
      {actor ? (
        <Avatar src={actor.photoURL} name={actor.displayName} size="md" decorative />
      ) : (
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-strong text-fg-muted"
        >
          <ShieldCheck className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className={clsx("text-sm break-words", unread ? "font-semibold text-fg" : "text-fg-secondary")}>
          {unread && (
            <span className="mr-2 inline-flex items-center rounded-full bg-accent px-2 py-0.5 align-middle text-xs font-bold text-accent-contrast">
              New
            </span>
          )}
          {href !== null ? (
            <Link to={href} onClick={open} className="rounded-sm underline-offset-2 hover:underline focus-ring">
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-subtle">
          <TimeAgo timestamp={notification.updatedAt} />
          {targetRemoved(notification) && <span className="italic">{REMOVED_TARGET_TEXT}</span>}
        </div>
        {(offerAddBack || (unread && href === null)) && (
          <div className="mt-2 flex flex-wrap gap-2">
            {offerAddBack && actor && (
              <FriendButton
                userId={actor.userId}
                name={actor.displayName}
                isFriend={notification.canAddBack === false}
              />
            )}
            {unread && href === null && <MarkAsReadButton marking={marking} onMark={() => void markAsRead()} />}
          </div>
        )}
      </div>
    </li>
  );
}

/** Goes once the row is read; the focus then moves to the list instead of falling to the page. */
function MarkAsReadButton({ marking, onMark }: { marking: boolean; onMark: () => void }) {
  const wrapper = useRef<HTMLSpanElement>(null);
  useFocusHandOffOnRemoval(wrapper);
  return (
    <span ref={wrapper}>
      <Button variant="secondary" size="sm" onClick={onMark} loading={marking}>
        Mark as read
      </Button>
    </span>
  );
}
