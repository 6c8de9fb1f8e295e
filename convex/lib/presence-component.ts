/**
 * The @convex-dev/presence component as the chat rooms use it: who is in which room now. Room ids
 * are chatRooms ids, user ids users ids. A module of its own so the online count
 * (presence-online.ts) and the room summaries (chats.ts) can both use it without a cycle.
 */
import { Presence } from "@convex-dev/presence";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";

export const chatPresence = new Presence<Id<"chatRooms">, Id<"users">>(components.presence);
