import { vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { TestBackend } from "./test-env";

type Client = ReturnType<TestBackend["withIdentity"]>;

export const firstPage = { numItems: 10, cursor: null };

/** A room created by `as`, optionally with a cover (an image `as` uploaded, or a URL). */
export async function addRoom(
  as: Client,
  fields: { name?: string; description?: string; image?: { storageId: Id<"_storage"> } | { url: string } } = {},
): Promise<Id<"chatRooms">> {
  return await as.mutation(api.chats.create, { name: "Book club", ...fields });
}

/**
 * Joins `as` (user `userId`) to the room the way the room page's hook does, and returns the tokens
 * and the renewal ticket. A session id is one tab's, unique across rooms and people (the hook uses
 * a random one). `ticket` (the last answer's) makes it a renewal; `interval` is the shown tab's.
 */
export async function joinRoom(
  as: Client,
  roomId: Id<"chatRooms">,
  userId: Id<"users">,
  sessionId = `${userId}:${roomId}`,
  { interval = 20_000, ticket }: { interval?: number; ticket?: string } = {},
) {
  return await as.mutation(api.chatPresence.heartbeat, {
    roomId,
    userId,
    sessionId,
    interval,
    ...(ticket === undefined ? {} : { ticket }),
  });
}

/** Runs the online-count re-counts due within `ms` (lib/presence-online.ts); needs fake timers. */
export async function afterCountDelay(t: TestBackend, ms = 5_000) {
  vi.advanceTimersByTime(ms);
  await t.finishInProgressScheduledFunctions();
}

/** Messages written straight into a room's history (no flood control), oldest first, a millisecond apart. */
export async function seedHistory(t: TestBackend, roomId: Id<"chatRooms">, userId: Id<"users">, count: number) {
  await t.run(async (ctx) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("chatMessages", { roomId, userId, text: `Message ${i}` });
  });
}
