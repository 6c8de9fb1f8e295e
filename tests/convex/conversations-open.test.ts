import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { allConversations, allMemberRows, deletedUserId } from "./conversation-fixtures";
import { newBackend, signedInUser } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;

describe("conversations:openWith", () => {
  test("creates one conversation for the pair with a member row for each of them", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const bob = await signedInUser(t, { name: "Bob" });
    const conversationId = await ann.as.mutation(api.conversations.openWith, { userId: bob.userId });

    const [conversation] = await allConversations(t);
    expect(conversation?._id).toBe(conversationId);
    expect(new Set(conversation?.participants)).toEqual(new Set([ann.userId, bob.userId]));
    const rows = await allMemberRows(t);
    expect(rows.map((row) => [row.userId, row.otherUserId, row.unreadCount])).toEqual(
      expect.arrayContaining([
        [ann.userId, bob.userId, 0],
        [bob.userId, ann.userId, 0],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  test("finds the existing conversation whichever of the two presses Message next", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const first = await ann.as.mutation(api.conversations.openWith, { userId: bob.userId });
    expect(await ann.as.mutation(api.conversations.openWith, { userId: bob.userId })).toBe(first);
    const firstPage = { paginationOpts: { numItems: 10, cursor: null } };
    expect((await bob.as.query(api.conversations.list, firstPage)).page).toEqual([]);
    expect(await bob.as.mutation(api.conversations.openWith, { userId: ann.userId })).toBe(first);
    // Pressing Message puts the (still empty) conversation in the presser's own list.
    expect((await bob.as.query(api.conversations.list, firstPage)).page.map((row) => row.conversationId)).toEqual([
      first,
    ]);
    expect(await allConversations(t)).toHaveLength(1);
    expect(await allMemberRows(t)).toHaveLength(2);
  });

  test("both pressing Message at the same moment still gives one conversation", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const [fromAnn, fromBob] = await Promise.all([
      ann.as.mutation(api.conversations.openWith, { userId: bob.userId }),
      bob.as.mutation(api.conversations.openWith, { userId: ann.userId }),
    ]);
    expect(fromAnn).toBe(fromBob);
    expect(await allConversations(t)).toHaveLength(1);
    expect(await allMemberRows(t)).toHaveLength(2);
  });

  test("a different pair gets its own conversation", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const bob = await signedInUser(t);
    const cat = await signedInUser(t);
    const withBob = await ann.as.mutation(api.conversations.openWith, { userId: bob.userId });
    const withCat = await ann.as.mutation(api.conversations.openWith, { userId: cat.userId });
    expect(withCat).not.toBe(withBob);
    expect(await allConversations(t)).toHaveLength(2);
  });

  test("refuses messaging yourself and a user who does not exist", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await expect(ann.as.mutation(api.conversations.openWith, { userId: ann.userId })).rejects.toThrow(
      "You cannot send messages to yourself.",
    );
    await expect(ann.as.mutation(api.conversations.openWith, { userId: await deletedUserId(t) })).rejects.toThrow(
      "User not found.",
    );
    expect(await allConversations(t)).toEqual([]);
  });

  test("refuses messaging an account that never verified its address, and opens nothing", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    await expect(ann.as.mutation(api.conversations.openWith, { userId: unverified.userId })).rejects.toThrow(
      "User not found.",
    );
    expect(await allConversations(t)).toEqual([]);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const bob = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.mutation(api.conversations.openWith, { userId: bob.userId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.conversations.openWith, { userId: bob.userId })).rejects.toThrow(
      NOT_VERIFIED,
    );
    expect(await allConversations(t)).toEqual([]);
  });
});
