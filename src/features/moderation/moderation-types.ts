import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import type { ReportTargetKind } from "@convex/shared/moderation-validators";
import { paths } from "@/config/paths";

export type ReportedItem = FunctionReturnType<typeof api.moderationLists.openItems>["page"][number];
/** One queue item's newest reports and exact count (null once the item has left the queue). */
export type ItemReports = NonNullable<FunctionReturnType<typeof api.moderationLists.reportsOf>>;
export type SuspensionRow = FunctionReturnType<typeof api.moderationLists.suspensions>["page"][number];
export type LogRow = FunctionReturnType<typeof api.moderationLists.log>["page"][number];
export type PersonWithRole = FunctionReturnType<typeof api.moderationLists.people>[number];

/** How each kind of reported thing is named on the page. */
export const KIND_LABELS: Record<ReportTargetKind, string> = {
  book: "Book",
  post: "Post",
  bookComment: "Book comment",
  postComment: "Post comment",
  chatRoom: "Chat room",
  chatMessage: "Chat message",
  message: "Private message",
  profile: "Profile",
};

/** Where a reported thing can be seen in the app (a private message has no page anyone else may open). */
export function itemLink(kind: ReportTargetKind, id: string, parentId: string | null): string | null {
  switch (kind) {
    case "book":
      return paths.book.href(id);
    case "post":
      return paths.post.href(id);
    case "bookComment":
      return parentId && paths.book.href(parentId);
    case "postComment":
      return parentId && paths.post.href(parentId);
    case "chatRoom":
      return paths.chat.href(id);
    case "chatMessage":
      return parentId && paths.chat.href(parentId);
    case "profile":
      return paths.accountOf.href(id);
    case "message":
      return null;
  }
}

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "until 30 Nov 2026, 14:00" in the reader's time zone, or "indefinitely". */
export function suspensionEndText(endsAt: number | null): string {
  return endsAt === null ? "indefinitely" : `until ${whenFormat.format(endsAt)}`;
}

export const sectionHeading = "text-lg font-semibold text-fg";
