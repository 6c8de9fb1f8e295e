/**
 * Edits of chat-room and private messages (issue 32): only the author, only within
 * MESSAGE_EDIT_WINDOW_MS of sending; the text rules are the send's, and no history is kept (the
 * message gets `editedAt`, which "edited" beside its time shows to everyone).
 */
import { ConvexError } from "convex/values";
import { MESSAGE_EDIT_WINDOW_MS } from "../shared/message-extras";
import { requireOwner } from "./auth";
import type { Id } from "../_generated/dataModel";

export const EDIT_WINDOW_PASSED = "Messages can only be edited within 15 minutes.";
export const NOT_YOUR_MESSAGE_TO_EDIT = "You can only edit your own messages.";

/**
 * Refuses an edit by anyone but the author, or after the window. `now` is the mutation's
 * Date.now(), fixed for the whole transaction by Convex.
 */
export function requireEditable(
  message: { _creationTime: number },
  authorId: Id<"users">,
  callerId: Id<"users">,
  now: number,
): void {
  requireOwner(authorId, callerId, NOT_YOUR_MESSAGE_TO_EDIT);
  if (now - message._creationTime > MESSAGE_EDIT_WINDOW_MS) throw new ConvexError(EDIT_WINDOW_PASSED);
}
