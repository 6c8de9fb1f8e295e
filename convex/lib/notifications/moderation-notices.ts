/**
 * The words of a "your content was removed" notice (issue 31): what it was, by kind, with a few
 * of its own words; never anything about who reported it.
 */
import type { ReportTargetKind } from "../../shared/moderation-validators";

const NAMES: Record<ReportTargetKind, string> = {
  book: "book",
  post: "post",
  bookComment: "comment",
  postComment: "comment",
  chatMessage: "chat message",
  message: "private message",
  chatRoom: "chat room",
  profile: "profile",
};

/** Words of the item kept in the notice. */
const QUOTE_LIMIT = 60;

/** "your post 'Title'", "your comment 'First words…'", "your profile". */
export function removedWhat(kind: ReportTargetKind, summary: string | null): string {
  const name = `your ${NAMES[kind]}`;
  const words = (summary ?? "").trim();
  if (kind === "profile" || words.length === 0) return name;
  const quote = words.length > QUOTE_LIMIT ? `${words.slice(0, QUOTE_LIMIT - 1)}…` : words;
  return `${name} '${quote}'`;
}
