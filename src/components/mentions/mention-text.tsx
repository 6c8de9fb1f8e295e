import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { type Mention, mentionEnd, wellFormedMentions } from "@convex/shared/mentions";

type MentionTextProps = {
  text: string;
  /** Spans of `text` that mention someone (from the server); each becomes a link to their account. */
  mentions?: readonly Mention[];
};

/**
 * Plain text with its @mentions as links to the person's account page. Everything is rendered as
 * React text, never as HTML; spans that do not fit the text (an old client, a bad row) are left as
 * plain text. The caller's element keeps its own white-space rule.
 */
export function MentionText({ text, mentions = [] }: MentionTextProps) {
  const spans = wellFormedMentions(text, mentions);
  if (spans.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push(text.slice(at, span.start));
    parts.push(
      <Link
        key={span.start}
        to={paths.accountOf.href(span.userId)}
        className="rounded-sm font-medium text-accent-fg hover:underline focus-ring"
      >
        {text.slice(span.start, mentionEnd(span))}
      </Link>,
    );
    at = mentionEnd(span);
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
