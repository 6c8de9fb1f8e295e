import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { CASCADE_BATCH_SIZE, PRESENCE_BATCH_SIZE } from "../../convex/cascade";
import { chatPresence } from "../../convex/lib/chats";
import { NOT_SIGNED_IN, NOT_VERIFIED } from "../../convex/lib/auth";
import {
  CHAT_CREATE_TOO_FAST,
  CHAT_NAME_REQUIRED,
  DEFAULT_CHAT_DESCRIPTION,
  NOT_CHAT_CREATOR,
} from "../../convex/shared/chat-texts";
import { UPLOADED_IMAGE_ONLY } from "../../convex/lib/images";
import { UPLOAD_NOT_FOUND } from "../../convex/lib/uploads";
import { uploadedImage } from "./book-fixtures";
import { addRoom, afterCountDelay, firstPage, joinRoom, seedHistory } from "./chat-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

afterEach(() => {
  vi.useRealTimers();
});

async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  return { t, ann, bob };
}

async function roomCount(t: TestBackend) {
  return await t.run(async (ctx) => (await ctx.db.query("chatRooms").collect()).length);
}

async function messageCount(t: TestBackend, roomId: Id<"chatRooms">) {
  return await t.run(
    async (ctx) =>
      (
        await ctx.db
          .query("chatMessages")
          .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
          .collect()
      ).length,
  );
}

describe("chats.create and the list", () => {
  test("a new room shows its trimmed name, the default description and its creator; only the creator's is 'mine'", async () => {
    const { ann, bob } = await scene();
    const roomId = await addRoom(ann.as, { name: "  Book club  ", description: "   " });

    const { page } = await bob.as.query(api.chats.list, { paginationOpts: firstPage });
    expect(page).toEqual([
      {
        _id: roomId,
        name: "Book club",
        description: DEFAULT_CHAT_DESCRIPTION,
        imageUrl: null,
        createdBy: { _id: ann.userId, displayName: "Ann", avatarUrl: null },
        isMine: false,
        lastMessageAt: null,
        onlineCount: 0,
      },
    ]);
    expect((await ann.as.query(api.chats.get, { roomId }))?.isMine).toBe(true);
  });

  test("rooms are listed newest first, a page at a time", async () => {
    const { ann, bob } = await scene();
    for (const name of ["First", "Second", "Third"]) await addRoom(ann.as, { name, description: `About ${name}` });
    const first = await bob.as.query(api.chats.list, { paginationOpts: { numItems: 2, cursor: null } });
    const rest = await bob.as.query(api.chats.list, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(first.page.map((room) => room.name)).toEqual(["Third", "Second"]);
    expect(first.page[0]?.description).toBe("About Third");
    expect(rest.page.map((room) => room.name)).toEqual(["First"]);
  });

  test("a blank or whitespace-only name is refused with the seed's message and stores nothing", async () => {
    const { t, ann } = await scene();
    await expect(addRoom(ann.as, { name: "" })).rejects.toThrow(CHAT_NAME_REQUIRED);
    await expect(addRoom(ann.as, { name: " \n\t " })).rejects.toThrow(CHAT_NAME_REQUIRED);
    expect(await roomCount(t)).toBe(0);
  });

  test("a name past 80 or a description past 500 characters is refused", async () => {
    const { t, ann } = await scene();
    await expect(addRoom(ann.as, { name: "n".repeat(81) })).rejects.toThrow("Chat name must be at most 80 characters");
    await expect(addRoom(ann.as, { description: "d".repeat(501) })).rejects.toThrow(
      "Description must be at most 500 characters",
    );
    await addRoom(ann.as, { name: "n".repeat(80), description: "d".repeat(500) });
    expect(await roomCount(t)).toBe(1);
  });

  test("the cover is the creator's own upload, used once; someone else's upload is refused", async () => {
    const { t, ann, bob } = await scene();
    const storageId = await uploadedImage(t, ann.as);
    await expect(addRoom(bob.as, { image: { storageId } })).rejects.toThrow(UPLOAD_NOT_FOUND);
    expect(await roomCount(t)).toBe(0);

    const roomId = await addRoom(ann.as, { image: { storageId } });
    expect((await bob.as.query(api.chats.get, { roomId }))?.imageUrl).toEqual(expect.any(String));
    await expect(addRoom(ann.as, { name: "Again", image: { storageId } })).rejects.toThrow(UPLOAD_NOT_FOUND);
  });

  test("a cover must be uploaded: a link to an image is refused and nothing is stored", async () => {
    const { t, ann } = await scene();
    await expect(addRoom(ann.as, { image: { url: "https://example.com/cover.png" } })).rejects.toThrow(
      UPLOADED_IMAGE_ONLY,
    );
    await expect(addRoom(ann.as, { image: { url: "javascript:alert(1)" } })).rejects.toThrow(UPLOADED_IMAGE_ONLY);
    expect(await roomCount(t)).toBe(0);
  });

  test("a sixth room in a burst is refused with how long to wait and stores nothing; one more comes every 10 minutes", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { t, ann, bob } = await scene();
    for (let i = 0; i < 5; i++) await addRoom(ann.as, { name: `Room ${i}` });

    const refusal = addRoom(ann.as, { name: "One too many" });
    await expect(refusal).rejects.toThrow(CHAT_CREATE_TOO_FAST);
    await expect(refusal).rejects.toThrow(/You can create another in 10 min\./);
    expect(await roomCount(t)).toBe(5);

    // The allowance is per person, and a refused name does not use it up.
    await expect(addRoom(bob.as, { name: " " })).rejects.toThrow(CHAT_NAME_REQUIRED);
    for (let i = 0; i < 5; i++) await addRoom(bob.as, { name: `Bob's ${i}` });

    vi.advanceTimersByTime(10 * 60_000);
    await addRoom(ann.as, { name: "Ten minutes later" });
    await expect(addRoom(ann.as, { name: "Again" })).rejects.toThrow(CHAT_CREATE_TOO_FAST);
    expect(await roomCount(t)).toBe(11);
  });

  test("anonymous and unverified callers can neither list nor create rooms", async () => {
    const { t } = await scene();
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.query(api.chats.list, { paginationOpts: firstPage })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(t.mutation(api.chats.create, { name: "Nope" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.chats.create, { name: "Nope" })).rejects.toThrow(NOT_VERIFIED);
    expect(await roomCount(t)).toBe(0);
  });
});

describe("chats.get", () => {
  test("is null for a malformed id, another table's id and a deleted room", async () => {
    const { ann } = await scene();
    const roomId = await addRoom(ann.as);
    expect(await ann.as.query(api.chats.get, { roomId: "not-an-id" })).toBeNull();
    expect(await ann.as.query(api.chats.get, { roomId: ann.userId })).toBeNull();
    await ann.as.mutation(api.chats.remove, { roomId });
    expect(await ann.as.query(api.chats.get, { roomId })).toBeNull();
  });

  test("counts the people in the room now, from presence, a few seconds after they come or go", async () => {
    vi.useFakeTimers();
    const { t, ann, bob } = await scene();
    const roomId = await addRoom(ann.as);
    const otherRoom = await addRoom(ann.as, { name: "Other" });
    const { sessionToken } = await joinRoom(ann.as, roomId, ann.userId);
    await joinRoom(bob.as, roomId, bob.userId);
    await joinRoom(bob.as, otherRoom, bob.userId);
    await afterCountDelay(t);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(2);

    await t.mutation(api.chatPresence.disconnect, { sessionToken, roomId });
    await afterCountDelay(t);
    expect((await ann.as.query(api.chats.get, { roomId }))?.onlineCount).toBe(1);
    expect((await ann.as.query(api.chats.get, { roomId: otherRoom }))?.onlineCount).toBe(1);
    const { page } = await ann.as.query(api.chats.list, { paginationOpts: firstPage });
    expect(page.map((room) => room.onlineCount)).toEqual([1, 1]);
  });

  test("a join or leave re-runs no reader's list of rooms until the count row changes", async () => {
    vi.useFakeTimers();
    const { t, ann, bob } = await scene();
    const roomId = await addRoom(ann.as);
    await joinRoom(ann.as, roomId, ann.userId);
    await afterCountDelay(t);
    // What chats.list reads for the room: the room and its count row (not the presence rows).
    const read = async () =>
      await t.run(async (ctx) => ({
        room: await ctx.db.get(roomId),
        count: await ctx.db
          .query("chatRoomOnline")
          .withIndex("by_roomId", (q) => q.eq("roomId", roomId))
          .unique(),
      }));
    const before = await read();
    const { sessionToken } = await joinRoom(bob.as, roomId, bob.userId);
    await t.mutation(api.chatPresence.disconnect, { sessionToken, roomId });
    expect(await read()).toEqual(before);
    await afterCountDelay(t);
    expect(await read()).toEqual(before);
  });

  test("the time of the last message is kept to the minute, so a busy room is not rewritten per message", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann } = await scene();
    const roomId = await addRoom(ann.as);
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "first" });
    const first = (await ann.as.query(api.chats.get, { roomId }))?.lastMessageAt;
    expect(first).toBe(Date.parse("2026-03-04T12:00:00Z"));

    vi.advanceTimersByTime(30_000);
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "soon after" });
    expect((await ann.as.query(api.chats.get, { roomId }))?.lastMessageAt).toBe(first);

    vi.advanceTimersByTime(30_000);
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "a minute on" });
    expect((await ann.as.query(api.chats.get, { roomId }))?.lastMessageAt).toBe(Date.parse("2026-03-04T12:01:00Z"));
  });

  test("deleting the newest messages takes the time of the last message back to the one before, or away", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-04T12:00:00Z") });
    const { ann } = await scene();
    const roomId = await addRoom(ann.as);
    const lastMessageAt = async () => (await ann.as.query(api.chats.get, { roomId }))?.lastMessageAt;
    const first = await ann.as.mutation(api.chatMessages.send, { roomId, text: "first" });
    vi.advanceTimersByTime(5 * 60_000);
    const second = await ann.as.mutation(api.chatMessages.send, { roomId, text: "five minutes on" });
    expect(await lastMessageAt()).toBe(Date.parse("2026-03-04T12:05:00Z"));

    await ann.as.mutation(api.chatMessages.remove, { messageId: second });
    // The first message's creation time (a fraction of a millisecond on).
    expect(await lastMessageAt()).toBeCloseTo(Date.parse("2026-03-04T12:00:00Z"), 0);
    await ann.as.mutation(api.chatMessages.remove, { messageId: first });
    expect(await lastMessageAt()).toBeNull();
  });
});

describe("chats.remove", () => {
  test("only the creator deletes a room; anyone else is refused and the room stays", async () => {
    const { t, ann, bob } = await scene();
    const roomId = await addRoom(ann.as);
    await expect(bob.as.mutation(api.chats.remove, { roomId })).rejects.toThrow(NOT_CHAT_CREATOR);
    await expect(t.mutation(api.chats.remove, { roomId })).rejects.toThrow(NOT_SIGNED_IN);
    expect(await bob.as.query(api.chats.get, { roomId })).not.toBeNull();
  });

  test("deletes the messages (in batches past one mutation's share), the room's presence and its uploaded cover", async () => {
    vi.useFakeTimers();
    const { t, ann, bob } = await scene();
    const storageId = await uploadedImage(t, ann.as);
    const roomId = await addRoom(ann.as, { image: { storageId } });
    const keptRoom = await addRoom(bob.as, { name: "Kept" });
    await seedHistory(t, roomId, bob.userId, CASCADE_BATCH_SIZE + 20);
    await seedHistory(t, keptRoom, bob.userId, 3);
    const { roomToken } = await joinRoom(bob.as, roomId, bob.userId);

    await ann.as.mutation(api.chats.remove, { roomId });

    expect(await bob.as.query(api.chats.get, { roomId })).toBeNull();
    expect(await messageCount(t, roomId)).toBe(20);
    expect(await bob.as.query(api.chatPresence.list, { roomToken })).toEqual([]);
    expect(await t.run((ctx) => ctx.db.system.get(storageId))).toBeNull();

    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await messageCount(t, roomId)).toBe(0);
    expect(await messageCount(t, keptRoom)).toBe(3);
  });

  test("removes everyone who was ever in the room, a batch of people per run, however many there were, and who was typing", async () => {
    vi.useFakeTimers();
    const { t, ann, bob } = await scene();
    const roomId = await addRoom(ann.as);
    const visitors = Array.from(
      { length: 2 * PRESENCE_BATCH_SIZE + 7 },
      (_, index) => `visitor-${index}` as Id<"users">,
    );
    await t.run(async (ctx) => {
      for (const visitor of visitors) {
        const { sessionToken } = await chatPresence.heartbeat(ctx, roomId, visitor, `tab-of-${visitor}`, 10_000);
        // Most left long ago: the component keeps them, offline.
        if (visitor !== visitors[0]) await chatPresence.disconnect(ctx, sessionToken);
      }
    });
    await joinRoom(bob.as, roomId, bob.userId);
    await bob.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });

    await ann.as.mutation(api.chats.remove, { roomId });
    expect(await bob.as.query(api.chats.get, { roomId })).toBeNull();
    expect(await t.run((ctx) => ctx.db.query("chatTyping").collect())).toEqual([]);
    // The remove took the first batch; the rest go in scheduled runs, as many as it takes.
    const left = await t.run((ctx) => chatPresence.listRoom(ctx, roomId, false, 1000));
    expect(left).toHaveLength(visitors.length + 1 - PRESENCE_BATCH_SIZE);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await t.run((ctx) => chatPresence.listRoom(ctx, roomId, false, 1000))).toEqual([]);
    expect(await t.run((ctx) => chatPresence.listUser(ctx, visitors[0]!, false))).toEqual([]);
    expect(await t.run((ctx) => chatPresence.listUser(ctx, bob.userId, false))).toEqual([]);
  });

  test("a room with a cover given as an address (made before covers had to be uploaded) deletes no stored file", async () => {
    const { t, ann } = await scene();
    const unrelatedUpload = await uploadedImage(t, ann.as);
    const roomId = await t.run((ctx) =>
      ctx.db.insert("chatRooms", {
        name: "Old room",
        image: { url: "https://example.com/cover.png" },
        createdBy: ann.userId,
      }),
    );
    await ann.as.mutation(api.chats.remove, { roomId });
    expect(await t.run((ctx) => ctx.db.system.get(unrelatedUpload))).not.toBeNull();
  });
});
