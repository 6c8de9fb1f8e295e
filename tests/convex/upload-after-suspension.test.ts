/**
 * An upload URL is a bare token (issue 34): one handed out before its holder was suspended or
 * deleted still stores a file, on Convex as on the local backend. The app makes sure such a
 * file is never claimed and goes at once: confirmUpload refuses the uploader and deletes it,
 * also when the suspension commits while the confirmation runs (files.claim checks again).
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { ORPHAN_GRACE_MS } from "../../convex/files";
import { NOT_SIGNED_IN } from "../../convex/lib/auth";
import { storeFile } from "./book-fixtures";
import { suspendDirectly } from "./moderation-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const SUSPENDED = /Your account is suspended/;

async function fileExists(t: TestBackend, storageId: Id<"_storage">): Promise<boolean> {
  return (await t.run((ctx) => ctx.db.system.get(storageId))) !== null;
}

async function uploadRows(t: TestBackend) {
  return await t.run((ctx) => ctx.db.query("uploads").collect());
}

/** Ann gets an upload URL while in good standing, then POSTs a picture to it (storeFile). */
async function urlThenUpload(t: TestBackend) {
  const ann = await signedInUser(t, { name: "Ann" });
  await ann.as.mutation(api.files.generateUploadUrl, {});
  return { ann, storageId: await storeFile(t) };
}

describe("an upload URL issued before a suspension or deletion", () => {
  afterEach(() => vi.useRealTimers());

  test("is refused at confirmation once its holder is suspended, and the stored file is deleted", async () => {
    const t = newBackend();
    const { ann, storageId } = await urlThenUpload(t);
    await suspendDirectly(t, ann.userId, null);
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(SUSPENDED);
    expect(await fileExists(t, storageId)).toBe(false);
    expect(await uploadRows(t)).toHaveLength(0);
  });

  test("is refused once its holder's account is deleted (sessions and user gone), and the file is deleted", async () => {
    const t = newBackend();
    const { ann, storageId } = await urlThenUpload(t);
    await t.run(async (ctx) => {
      for (const session of await ctx.db
        .query("authSessions")
        .withIndex("userId", (q) => q.eq("userId", ann.userId))
        .collect())
        await ctx.db.delete(session._id);
      await ctx.db.delete(ann.userId);
    });
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).rejects.toThrow(NOT_SIGNED_IN);
    expect(await fileExists(t, storageId)).toBe(false);
  });

  test("a suspension that commits while the confirmation runs: the claim refuses and deletes", async () => {
    const t = newBackend();
    const { ann, storageId } = await urlThenUpload(t);
    // The action's first check passed before this; the claim is its last step.
    await suspendDirectly(t, ann.userId, null);
    const refusal = await ann.as.mutation(internal.files.claim, { storageId });
    expect(refusal).toMatch(SUSPENDED);
    expect(await fileExists(t, storageId)).toBe(false);
    expect(await uploadRows(t)).toHaveLength(0);
  });

  test("a file its suspended holder never confirms is deleted by the sweep after the grace period", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = newBackend();
    const { ann, storageId } = await urlThenUpload(t);
    await suspendDirectly(t, ann.userId, null);
    vi.advanceTimersByTime(ORPHAN_GRACE_MS + 1000);
    await t.mutation(internal.files.sweepOrphans, {});
    expect(await fileExists(t, storageId)).toBe(false);
  });

  test("a holder in good standing still confirms, and a refused stranger deletes nothing claimed", async () => {
    const t = newBackend();
    const { ann, storageId } = await urlThenUpload(t);
    await expect(ann.as.action(api.files.confirmUpload, { storageId })).resolves.toBe(storageId);
    // Someone signed out naming a claimed file: refused, and the file stays its owner's.
    await expect(t.action(api.files.confirmUpload, { storageId })).rejects.toThrow(NOT_SIGNED_IN);
    expect(await fileExists(t, storageId)).toBe(true);
    expect(await uploadRows(t)).toMatchObject([{ storageId, ownerId: ann.userId, attached: false }]);
  });
});
