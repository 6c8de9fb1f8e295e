import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** A row of /messages: the other person, the last message's preview, the reader's unread count. */
export type ConversationSummary = FunctionReturnType<typeof api.conversations.list>["page"][number];
/** A conversation as its page shows it. */
export type ConversationDetails = FunctionReturnType<typeof api.conversations.get>;
/** One private message as the reader sees it. */
export type PrivateMessage = FunctionReturnType<typeof api.messages.list>["page"][number];
