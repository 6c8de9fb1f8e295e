import { MentionText } from "@/components/mentions/mention-text";
import { linkRuns } from "@/lib/links";
import { type Mention, mentionEnd } from "@convex/shared/mentions";

type MessageTextProps = {
  text: string;
  /** The people it @mentions (room messages); each becomes a link to their account. */
  mentions?: readonly Mention[];
  /** The links' colour on the message's background (the reader's own bubbles are accent-filled). */
  linkClassName?: string;
};

/** Links to other sites: they open in a new tab, get no referrer and no credit from us (user content). */
export const EXTERNAL_LINK_REL = "noopener noreferrer nofollow ugc";

/**
 * A message's text: its @mentions as links to the people (MentionText, as everywhere) and its
 * `https://` addresses as links to the site (src/lib/links.ts). Everything is React text, never
 * HTML. A mention that overlaps an address is left out (the address wins); the caller's element
 * keeps its white-space rule.
 */
export function MessageText({ text, mentions = [], linkClassName = "text-accent-fg" }: MessageTextProps) {
  return (
    <>
      {linkRuns(text).map((run) => {
        if (run.kind === "link") {
          return (
            <a
              key={run.start}
              href={run.text}
              target="_blank"
              rel={EXTERNAL_LINK_REL}
              className={`rounded-sm underline underline-offset-2 focus-ring ${linkClassName}`}
            >
              {run.text}
            </a>
          );
        }
        const end = run.start + run.text.length;
        const inside = mentions
          .filter((mention) => mention.start >= run.start && mentionEnd(mention) <= end)
          .map((mention) => ({ ...mention, start: mention.start - run.start }));
        return <MentionText key={run.start} text={run.text} mentions={inside} />;
      })}
    </>
  );
}
