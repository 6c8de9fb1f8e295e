/**
 * Pictures on chat-room and private messages (issue 32, lib/message-pictures.ts): sent through
 * the upload rules of book covers, shown by URL with their alt text, and deleted with the message.
 */
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { ALT_WITHOUT_PICTURE, PICTURE_PREVIEW } from "../../convex/lib/message-pictures";
import { MESSAGE_REQUIRED } from "../../convex/lib/conversations";
import { UPLOAD_NOT_FOUND } from "../../convex/lib/uploads";
import { CHAT_MESSAGE_REQUIRED } from "../../convex/shared/chat-texts";
import { IMAGE_TOO_LARGE, UNSUPPORTED_IMAGE } from "../../convex/shared/image-types";
import { PICTURE_ALT_MAX } from "../../convex/shared/message-extras";
import { PNG_BYTES, storeFile, uploadedImage } from "./book-fixtures";
import { addRoom, firstPage } from "./chat-fixtures";
import { conversationWith } from "./conversation-fixtures";
import { staffUser } from "./moderation-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

afterEach(() => vi.useRealTimers());

async function scene() {
  const t = newBackend();
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  const roomId = await addRoom(ann.as);
  return { t, ann, bob, roomId };
}

async function fileExists(t: TestBackend, storageId: Id<"_storage">): Promise<boolean> {
  return (await t.run((ctx) => ctx.db.system.get(storageId))) !== null;
}

async function uploadRow(t: TestBackend, storageId: Id<"_storage">) {
  return await t.run((ctx) =>
    ctx.db
      .query("uploads")
      .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
      .unique(),
  );
}

async function chatMessageCount(t: TestBackend): Promise<number> {
  return (await t.run((ctx) => ctx.db.query("chatMessages").collect())).length;
}

/** A PNG signature followed by zeros, `size` bytes in all: what skipping the browser's resize sends. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return bytes;
}

describe("a picture in a chat room", () => {
  test("goes with the text and its alt text; every reader gets its URL", async () => {
    const { t, ann, bob, roomId } = await scene();
    const storageId = await uploadedImage(t, bob.as);
    await bob.as.mutation(api.chatMessages.send, {
      roomId,
      text: "Look at this",
      image: { storageId },
      imageAlt: "  A cat on a shelf  ",
    });
    const { page } = await ann.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    const url = await t.run((ctx) => ctx.storage.getUrl(storageId));
    expect(page[0]).toMatchObject({ text: "Look at this", image: { url, alt: "A cat on a shelf" } });
    expect(url).toEqual(expect.any(String));
    expect((await uploadRow(t, storageId))?.attached).toBe(true);
  });

  test("may go without text, and blank alt text is no alt text", async () => {
    const { t, ann, bob, roomId } = await scene();
    const storageId = await uploadedImage(t, bob.as);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "   ", image: { storageId }, imageAlt: "  " });
    const { page } = await ann.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    expect(page[0]).toMatchObject({ text: "", image: { url: expect.any(String), alt: null } });
  });

  test("a message without one lists no picture, and empty text without one is still refused", async () => {
    const { bob, roomId } = await scene();
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Just words" });
    await expect(bob.as.mutation(api.chatMessages.send, { roomId, text: "  " })).rejects.toThrow(CHAT_MESSAGE_REQUIRED);
    const { page } = await bob.as.query(api.chatMessages.list, { roomId, paginationOpts: firstPage });
    expect(page.map((message) => message.image)).toEqual([null]);
  });

  test(`refuses alt text over ${PICTURE_ALT_MAX} characters, and alt text without a picture, storing nothing`, async () => {
    const { t, bob, roomId } = await scene();
    const storageId = await uploadedImage(t, bob.as);
    await expect(
      bob.as.mutation(api.chatMessages.send, {
        roomId,
        text: "Hi",
        image: { storageId },
        imageAlt: "x".repeat(PICTURE_ALT_MAX + 1),
      }),
    ).rejects.toThrow(`Alt text must be at most ${PICTURE_ALT_MAX} characters`);
    await expect(bob.as.mutation(api.chatMessages.send, { roomId, text: "Hi", imageAlt: "A cat" })).rejects.toThrow(
      ALT_WITHOUT_PICTURE,
    );
    expect(await chatMessageCount(t)).toBe(0);
    // The upload is still Bob's to use: nothing was attached.
    expect((await uploadRow(t, storageId))?.attached).toBe(false);
    await bob.as.mutation(api.chatMessages.send, {
      roomId,
      text: "",
      image: { storageId },
      imageAlt: "y".repeat(PICTURE_ALT_MAX),
    });
    expect(await chatMessageCount(t)).toBe(1);
  });

  test("refuses someone else's upload and one already used, storing nothing and leaving the owner's file", async () => {
    const { t, ann, bob, roomId } = await scene();
    const annsPicture = await uploadedImage(t, ann.as);
    await expect(
      bob.as.mutation(api.chatMessages.send, { roomId, text: "Mine now", image: { storageId: annsPicture } }),
    ).rejects.toThrow(UPLOAD_NOT_FOUND);
    const bobsPicture = await uploadedImage(t, bob.as);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Once", image: { storageId: bobsPicture } });
    await expect(
      bob.as.mutation(api.chatMessages.send, { roomId, text: "Twice", image: { storageId: bobsPicture } }),
    ).rejects.toThrow(UPLOAD_NOT_FOUND);
    expect(await chatMessageCount(t)).toBe(1);
    expect(await fileExists(t, annsPicture)).toBe(true);
    expect((await uploadRow(t, annsPicture))?.attached).toBe(false);
  });

  test("refuses a file never confirmed (its bytes unchecked)", async () => {
    const { t, bob, roomId } = await scene();
    const unchecked = await storeFile(t);
    await expect(
      bob.as.mutation(api.chatMessages.send, { roomId, text: "Hi", image: { storageId: unchecked } }),
    ).rejects.toThrow(UPLOAD_NOT_FOUND);
    expect(await chatMessageCount(t)).toBe(0);
  });

  test("a text file named .png is refused at upload and deleted, so it can never be sent", async () => {
    const { t, bob, roomId } = await scene();
    const storageId = await storeFile(t, "image/png", new TextEncoder().encode("just some notes, not a picture"));
    await expect(bob.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(UNSUPPORTED_IMAGE);
    expect(await fileExists(t, storageId)).toBe(false);
    await expect(bob.as.mutation(api.chatMessages.send, { roomId, text: "Hi", image: { storageId } })).rejects.toThrow(
      UPLOAD_NOT_FOUND,
    );
  });

  test("a 40 MB picture is refused at upload with the size limit, and deleted", async () => {
    const { t, bob, roomId } = await scene();
    const storageId = await storeFile(t, "image/png", pngOfSize(40 * 1024 * 1024));
    await expect(bob.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(IMAGE_TOO_LARGE);
    expect(IMAGE_TOO_LARGE).toBe("Only images up to 5 MB can be uploaded");
    expect(await fileExists(t, storageId)).toBe(false);
    await expect(bob.as.mutation(api.chatMessages.send, { roomId, text: "", image: { storageId } })).rejects.toThrow(
      UPLOAD_NOT_FOUND,
    );
  });

  test("deleting the message deletes its file", async () => {
    const { t, bob, roomId } = await scene();
    const storageId = await uploadedImage(t, bob.as);
    const messageId = await bob.as.mutation(api.chatMessages.send, { roomId, text: "", image: { storageId } });
    await bob.as.mutation(api.chatMessages.remove, { messageId });
    expect(await fileExists(t, storageId)).toBe(false);
    expect(await uploadRow(t, storageId)).toBeNull();
  });

  test("a moderator sees the reported picture, and removing the message deletes its file", async () => {
    const { t, ann, bob, roomId } = await scene();
    const mod = await staffUser(t);
    const storageId = await uploadedImage(t, bob.as);
    const messageId = await bob.as.mutation(api.chatMessages.send, { roomId, text: "", image: { storageId } });
    const target = { kind: "chatMessage" as const, id: messageId };
    await ann.as.mutation(api.reports.report, { target, reason: "spam" });
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const { page } = await mod.as.query(api.moderationLists.openItems, {
      sort: "newest",
      now,
      paginationOpts: firstPage,
    });
    expect(page[0]?.content?.imageUrl).toEqual(expect.any(String));
    await mod.as.mutation(api.moderation.remove, { target });
    expect(await fileExists(t, storageId)).toBe(false);
  });

  test("deleting the room deletes its messages' files", async () => {
    const { t, ann, bob, roomId } = await scene();
    const storageId = await uploadedImage(t, bob.as);
    await bob.as.mutation(api.chatMessages.send, { roomId, text: "Bye", image: { storageId } });
    await ann.as.mutation(api.chats.remove, { roomId });
    expect(await fileExists(t, storageId)).toBe(false);
  });
});

describe("a picture in a private message", () => {
  test("goes alone, lists with its URL, and the conversation's preview says it is a picture", async () => {
    const { t, ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob, "Hello");
    const storageId = await uploadedImage(t, bob.as);
    await bob.as.mutation(api.messages.send, { conversationId, text: "", image: { storageId }, imageAlt: "Sunset" });
    const { page } = await ann.as.query(api.messages.list, { conversationId, paginationOpts: firstPage });
    expect(page.map((message) => [message.text, message.image?.alt ?? null])).toEqual([
      ["", "Sunset"],
      ["Hello", null],
    ]);
    expect(page[0]?.image?.url).toEqual(expect.any(String));
    const conversation = await t.run((ctx) => ctx.db.get(conversationId));
    expect(conversation?.lastMessageText).toBe(PICTURE_PREVIEW);
  });

  test("with text, the preview shows the text after a camera", async () => {
    const { t, ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob);
    await bob.as.mutation(api.messages.send, {
      conversationId,
      text: "Our trip",
      image: { storageId: await uploadedImage(t, bob.as) },
    });
    expect((await t.run((ctx) => ctx.db.get(conversationId)))?.lastMessageText).toBe("📷 Our trip");
  });

  test("empty text without a picture is still refused, and someone else's upload too", async () => {
    const { t, ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob);
    await expect(bob.as.mutation(api.messages.send, { conversationId, text: " " })).rejects.toThrow(MESSAGE_REQUIRED);
    const annsPicture = await uploadedImage(t, ann.as);
    await expect(
      bob.as.mutation(api.messages.send, { conversationId, text: "", image: { storageId: annsPicture } }),
    ).rejects.toThrow(UPLOAD_NOT_FOUND);
    expect(await t.run((ctx) => ctx.db.query("messages").collect())).toEqual([]);
  });

  test("deleting it deletes its file, and the preview goes back to the message before", async () => {
    const { t, ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob, "Hello");
    const storageId = await uploadedImage(t, ann.as);
    const messageId = await ann.as.mutation(api.messages.send, { conversationId, text: "", image: { storageId } });
    await ann.as.mutation(api.messages.remove, { messageId });
    expect(await fileExists(t, storageId)).toBe(false);
    expect((await t.run((ctx) => ctx.db.get(conversationId)))?.lastMessageText).toBe("Hello");
  });

  test("the preview of an earlier picture comes back when a later message is deleted", async () => {
    const { t, ann, bob } = await scene();
    const conversationId = await conversationWith(ann, bob);
    await ann.as.mutation(api.messages.send, {
      conversationId,
      text: "",
      image: { storageId: await uploadedImage(t, ann.as) },
    });
    const later = await ann.as.mutation(api.messages.send, { conversationId, text: "And words" });
    await ann.as.mutation(api.messages.remove, { messageId: later });
    expect((await t.run((ctx) => ctx.db.get(conversationId)))?.lastMessageText).toBe(PICTURE_PREVIEW);
  });
});

describe("Download my data", () => {
  test("copies the pictures of one's room messages and private conversations into the ZIP", async () => {
    vi.useFakeTimers();
    const { t, ann, bob, roomId } = await scene();
    const inRoom = await ann.as.mutation(api.chatMessages.send, {
      roomId,
      text: "",
      image: { storageId: await uploadedImage(t, ann.as) },
      imageAlt: "My shelf",
    });
    const conversationId = await conversationWith(ann, bob);
    const received = await bob.as.mutation(api.messages.send, {
      conversationId,
      text: "Mine",
      image: { storageId: await uploadedImage(t, bob.as) },
    });
    const exportId = await ann.as.mutation(api.dataExport.start, {});
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
    const response = await ann.as.fetch(`/data-export?id=${exportId}`, { method: "GET" });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const json = (name: string): unknown => JSON.parse(strFromU8(files[name]!));
    expect(json("chat-messages.json")).toEqual([
      expect.objectContaining({ id: inRoom, image: `images/chat-messages/${inRoom}.png`, imageAlt: "My shelf" }),
    ]);
    expect(json("messages.json")).toEqual([
      expect.objectContaining({
        messages: [expect.objectContaining({ id: received, image: `images/messages/${received}.png` })],
      }),
    ]);
    expect(files[`images/chat-messages/${inRoom}.png`]).toEqual(PNG_BYTES);
    expect(files[`images/messages/${received}.png`]).toEqual(PNG_BYTES);
  });
});
