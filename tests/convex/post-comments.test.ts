import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { exactItemCount } from "../../convex/lib/item-counts";
import { LIMITS } from "../../convex/shared/text";
import { addPost, deletedPostId } from "./posts-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;
const firstPage = { numItems: 20, cursor: null };

/** The exact comment count the details page shows (the post's counter, not its listed field). */
async function commentCount(t: TestBackend, postId: Id<"posts">) {
  return await t.run(async (ctx) => {
    const post = await ctx.db.get(postId);
    return post === null ? undefined : await exactItemCount(ctx, post, "comments");
  });
}

/** A post by Ann with one comment by Bob; returns everything a test needs. */
async function postWithComment(t: TestBackend) {
  const ann = await signedInUser(t, { name: "Ann" });
  const bob = await signedInUser(t, { name: "Bob" });
  const { postId } = await addPost(t, ann.as);
  const commentId = await bob.as.mutation(api.postComments.add, { postId, text: "First!" });
  return { ann, bob, postId, commentId };
}

describe("postComments:add and list", () => {
  test("adds trimmed comments, newest first, with the author's public face and the count", async () => {
    const t = newBackend();
    const { ann, bob, postId } = await postWithComment(t);
    await ann.as.mutation(api.postComments.add, { postId, text: "  Thanks  " });

    const { page } = await bob.as.query(api.postComments.list, { postId, paginationOpts: firstPage });
    expect(page.map((comment) => [comment.text, comment.author.displayName, comment.isMine, comment.editedAt])).toEqual(
      [
        ["Thanks", "Ann", false, null],
        ["First!", "Bob", true, null],
      ],
    );
    expect(JSON.stringify(page)).not.toContain("@example.com");
    expect(await commentCount(t, postId)).toBe(2);
  });

  test("pages through many comments and never returns more than 50 at once", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    for (let i = 0; i < 55; i++) await ann.as.mutation(api.postComments.add, { postId, text: `c${i}` });
    const first = await ann.as.query(api.postComments.list, {
      postId,
      paginationOpts: { numItems: 500, cursor: null },
    });
    expect(first.page).toHaveLength(50);
    const rest = await ann.as.query(api.postComments.list, {
      postId,
      paginationOpts: { numItems: 50, cursor: first.continueCursor },
    });
    expect(rest.page.map((comment) => comment.text)).toEqual(["c4", "c3", "c2", "c1", "c0"]);
    expect(await commentCount(t, postId)).toBe(55);
  });

  test("rejects blank and oversized comments and a missing post", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const { postId } = await addPost(t, ann.as);
    await expect(ann.as.mutation(api.postComments.add, { postId, text: " \n\t " })).rejects.toThrow(
      "Comment cannot be empty",
    );
    await expect(
      ann.as.mutation(api.postComments.add, { postId, text: "x".repeat(LIMITS.comment + 1) }),
    ).rejects.toThrow(/at most 1000/);
    await expect(ann.as.mutation(api.postComments.add, { postId: await deletedPostId(t), text: "Hi" })).rejects.toThrow(
      "Post not found!",
    );
    expect(await commentCount(t, postId)).toBe(0);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const { postId } = await addPost(t, ann.as);
    await expect(t.mutation(api.postComments.add, { postId, text: "Hi" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.postComments.add, { postId, text: "Hi" })).rejects.toThrow(NOT_VERIFIED);
    await expect(t.query(api.postComments.list, { postId, paginationOpts: firstPage })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.postComments.list, { postId, paginationOpts: firstPage })).rejects.toThrow(
      NOT_VERIFIED,
    );
    expect(await commentCount(t, postId)).toBe(0);
  });
});

describe("postComments:edit", () => {
  test("the author changes the text, which is marked edited", async () => {
    const t = newBackend();
    const { bob, postId, commentId } = await postWithComment(t);
    await bob.as.mutation(api.postComments.edit, { commentId, text: "  Second thoughts  " });
    const { page } = await bob.as.query(api.postComments.list, { postId, paginationOpts: firstPage });
    expect(page[0]).toMatchObject({ text: "Second thoughts", editedAt: expect.any(Number) });
    expect(await commentCount(t, postId)).toBe(1);
  });

  test("refuses other users, blank and oversized text, a missing comment, anonymous and unverified callers", async () => {
    const t = newBackend();
    const { ann, bob, commentId } = await postWithComment(t);
    const unverified = await signedInUser(t, { verified: false });
    // Even the post's owner may not rewrite someone else's comment.
    await expect(ann.as.mutation(api.postComments.edit, { commentId, text: "Hacked" })).rejects.toThrow(/not allowed/);
    await expect(bob.as.mutation(api.postComments.edit, { commentId, text: "  " })).rejects.toThrow(
      "Comment cannot be empty",
    );
    await expect(bob.as.mutation(api.postComments.edit, { commentId, text: "x".repeat(1001) })).rejects.toThrow(
      /at most 1000/,
    );
    await expect(t.mutation(api.postComments.edit, { commentId, text: "Hi" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.postComments.edit, { commentId, text: "Hi" })).rejects.toThrow(
      NOT_VERIFIED,
    );
    await bob.as.mutation(api.postComments.remove, { commentId });
    await expect(bob.as.mutation(api.postComments.edit, { commentId, text: "Hi" })).rejects.toThrow(
      "Comment not found",
    );
  });
});

describe("postComments:remove", () => {
  test("the author deletes a comment and the count goes down", async () => {
    const t = newBackend();
    const { bob, postId, commentId } = await postWithComment(t);
    await bob.as.mutation(api.postComments.remove, { commentId });
    expect((await bob.as.query(api.postComments.list, { postId, paginationOpts: firstPage })).page).toEqual([]);
    expect(await commentCount(t, postId)).toBe(0);
  });

  test("refuses other users, a missing comment, anonymous and unverified callers", async () => {
    const t = newBackend();
    const { ann, bob, postId, commentId } = await postWithComment(t);
    const unverified = await signedInUser(t, { verified: false });
    await expect(ann.as.mutation(api.postComments.remove, { commentId })).rejects.toThrow(/not allowed/);
    await expect(t.mutation(api.postComments.remove, { commentId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.postComments.remove, { commentId })).rejects.toThrow(NOT_VERIFIED);
    expect(await commentCount(t, postId)).toBe(1);
    await bob.as.mutation(api.postComments.remove, { commentId });
    await expect(bob.as.mutation(api.postComments.remove, { commentId })).rejects.toThrow("Comment not found");
  });
});
