import type { ReactionCounts } from "@convex/shared/message-extras";
import { ReactionPill } from "./reaction-pill";
import type { ReactableMessageId } from "./reaction-types";
import { useMyReactions } from "./use-my-reactions";
import { useToggleReaction } from "./use-toggle-reaction";

type ReactionBarProps = {
  messageId: ReactableMessageId;
  /** The message's counts from its list (live: they change for everyone as people react). */
  reactions: ReactionCounts;
  className?: string;
};

/** The pills under a message, one per emoji given, wrapping on a narrow screen; nothing when none. */
export function ReactionBar({ messageId, reactions, className }: ReactionBarProps) {
  const mine = useMyReactions(messageId, reactions.length > 0);
  const toggle = useToggleReaction(messageId);
  if (reactions.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Reactions"
      className={["mt-1 flex flex-wrap gap-1", className].filter(Boolean).join(" ")}
    >
      {reactions.map(({ emoji, count }) => (
        <ReactionPill
          key={emoji}
          messageId={messageId}
          emoji={emoji}
          count={count}
          mine={mine.has(emoji)}
          onToggle={toggle}
        />
      ))}
    </div>
  );
}
