import { paths } from "@/config/paths";
import type { NotificationKind, NotificationTarget, NotificationView } from "@convex/shared/notifications";

/** Kinds that point at something (a book, a post, a room, a profile): a null target means it was removed since. */
const KINDS_WITH_TARGET: ReadonlySet<NotificationKind> = new Set(["friendAdded", "comment", "like", "mention"]);

/** Shown instead of the link when the item a notification is about has been deleted since. */
export const REMOVED_TARGET_TEXT = "This was removed";

/** "Bob", "Bob and 1 other", "Bob and 3 others": who caused a (grouped) notification. */
export function actorsText(view: NotificationView): string {
  const name = view.actor?.displayName ?? "Someone";
  if (view.othersCount <= 0) return name;
  return `${name} and ${view.othersCount.toLocaleString("en")} ${view.othersCount === 1 ? "other" : "others"}`;
}

/** "your post 'Title'" / "your book 'Title'"; "your post" alone once it is gone. */
function yourItem(target: NotificationTarget | null, fallback: string): string {
  if (target === null) return fallback;
  if (target.kind === "book") return `your book '${target.title}'`;
  if (target.kind === "post") return `your post '${target.title}'`;
  if (target.kind === "chatRoom") return target.title;
  return fallback;
}

/** Where a mention happened: the room's name, or the comment's book or post. */
function mentionPlace(target: NotificationTarget | null): string {
  if (target === null) return "a message";
  if (target.kind === "chatRoom") return target.title;
  if (target.kind === "book" || target.kind === "post") return `a comment on '${target.title}'`;
  return "a message";
}

/** The sentence a notification says, e.g. "Bob and 3 others liked your post 'Title'". */
export function notificationText(view: NotificationView): string {
  const who = actorsText(view);
  switch (view.kind) {
    case "friendAdded":
      return `${who} added you as a friend`;
    case "comment":
      return `${who} commented on ${yourItem(view.target, "your item")}`;
    case "like":
      return `${who} liked ${yourItem(view.target, "your item")}`;
    case "mention":
      return `${who} mentioned you in ${mentionPlace(view.target)}`;
    case "reportHandled":
      return view.outcome === "removed"
        ? "A report you made was handled: the content was removed"
        : "A report you made was handled: no action was needed";
    case "contentRemoved":
      return `A moderator removed ${view.removedWhat ?? "your content"}${view.reason ? `. Reason: ${view.reason}` : ""}`;
    case "suspensionEnded":
      return "Your suspension has ended. Welcome back!";
  }
}

/** True when the notification pointed at something that has been deleted since. */
export function targetRemoved(view: NotificationView): boolean {
  return view.target === null && KINDS_WITH_TARGET.has(view.kind);
}

/** The app address a notification opens, or null when it has none (moderation notices, removed items). */
export function notificationHref(view: NotificationView): string | null {
  const target = view.target;
  if (target === null) return null;
  switch (target.kind) {
    case "book":
      return paths.book.href(target.id);
    case "post":
      return paths.post.href(target.id);
    case "chatRoom":
      return paths.chat.href(target.id);
    case "profile":
      return paths.accountOf.href(target.id);
  }
}
