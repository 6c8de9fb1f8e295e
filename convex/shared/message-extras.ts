/**
 * What chat-room messages and private messages share beyond their text (issue 32): one picture,
 * reactions from a fixed set, a reply to an earlier message, an edit within a window. Both the
 * server and the client read these, so the rules and the stored shapes live in one place.
 */
import { v, type Infer } from "convex/values";

/** The reactions anyone can add, in the order the picker shows them. Anything else is refused. */
export const REACTION_EMOJI = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

export const reactionEmojiValidator = v.union(
  v.literal("👍"),
  v.literal("❤️"),
  v.literal("😂"),
  v.literal("😮"),
  v.literal("😢"),
  v.literal("🙏"),
);

/**
 * How many people gave each emoji, kept on the message itself (absent or empty = none) so a page
 * of messages shows its counts with no extra reads, and a reaction re-runs only the readers of
 * that room or conversation. The rows in `messageReactions` are the truth; these equal them.
 */
export const reactionCountsValidator = v.array(v.object({ emoji: reactionEmojiValidator, count: v.number() }));
export type ReactionCounts = Infer<typeof reactionCountsValidator>;

/** The author may edit a message this long after sending it; "edited" shows after; no history kept. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;

/** Alt text of a message's picture is optional and at most this long. */
export const PICTURE_ALT_MAX = 200;
