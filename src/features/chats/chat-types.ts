import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { LIMITS } from "@convex/shared/text";

/** A room as the list and the room page show it (cover, description, people in it now…). */
export type ChatRoomSummary = FunctionReturnType<typeof api.chats.list>["page"][number];
/** One message of a room as the reader sees it. */
export type ChatMessage = FunctionReturnType<typeof api.chatMessages.list>["page"][number];

/** The server's limits, mirrored on the fields so the form can say so before sending. */
export const CHAT_LIMITS = {
  name: LIMITS.chatName,
  description: LIMITS.chatDescription,
  message: LIMITS.message,
} as const;
