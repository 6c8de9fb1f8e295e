import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import {
  deleteUnverifiedProfiles,
  forgetUnverifiedFriends,
  FRIEND_ROWS_BATCH_SIZE,
  MIGRATION_BATCH_SIZE,
} from "../../convex/migrations";
import { getCounter } from "../../convex/lib/counters";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

/** Users with profiles as data from before profiles waited for verification can hold them. */
async function oldProfiles(t: TestBackend, count: number, { verified }: { verified: boolean }) {
  return await t.run(async (ctx) => {
    const userIds: Id<"users">[] = [];
    for (let index = 0; index < count; index++) {
      const email = `${verified ? "verified" : "unverified"}${index}@example.com`;
      const userId = await ctx.db.insert("users", {
        email,
        ...(verified ? { emailVerificationTime: Date.now() } : {}),
      });
      await ctx.db.insert("profiles", { userId, email, displayName: email, personality: DEFAULT_PERSONALITY });
      userIds.push(userId);
    }
    return userIds;
  });
}

/** Sets the people counter to the number of profiles, as the old data kept it. */
async function countProfiles(t: TestBackend): Promise<number> {
  return await t.run(async (ctx) => {
    const total = (await ctx.db.query("profiles").collect()).length;
    const counter = await ctx.db.query("counters").first();
    if (counter === null) await ctx.db.insert("counters", { name: "profiles", value: total });
    else await ctx.db.patch(counter._id, { value: total });
    return total;
  });
}

const profileUserIds = (t: TestBackend) =>
  t.run(async (ctx) => (await ctx.db.query("profiles").collect()).map((profile) => profile.userId));
const peopleCounter = (t: TestBackend) => t.run((ctx) => getCounter(ctx, "profiles"));
const friendRows = (t: TestBackend) => t.run(async (ctx) => (await ctx.db.query("friends").collect()).length);

/**
 * Starts both steps as `npx convex run migrations:deleteUnverified` does (the first batch now,
 * the rest through the migrations component's scheduler) and runs them to the end.
 */
async function runDeleteUnverified(t: TestBackend, args: { reset?: boolean } = {}) {
  await t.mutation(internal.migrations.deleteUnverified, args);
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** What the component reports of a migration (`npx convex run migrations:status`). */
async function statusOf(t: TestBackend, name: string) {
  const [status] = await t.query(internal.migrations.status, { names: [`migrations:${name}`] });
  return status;
}

describe("migrations.deleteUnverifiedProfiles", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("deletes the profiles of accounts that never verified, and takes them off the people count", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const reader = await signedInUser(t, { name: "Reader" });
    const [unverified] = await oldProfiles(t, 1, { verified: false });
    // A profile whose account is gone.
    await t.run(async (ctx) => {
      const userId = await ctx.db.insert("users", { email: "gone@example.com" });
      await ctx.db.insert("profiles", { userId, email: "", displayName: "Gone", personality: DEFAULT_PERSONALITY });
      await ctx.db.delete(userId);
    });
    // Someone reported the unverified profile: the report must not outlive it.
    await t.run(async (ctx) => {
      const itemId = await ctx.db.insert("reportedItems", {
        targetKind: "profile",
        targetId: unverified!,
        authorId: unverified!,
        reportCount: 1,
        lastReportedAt: Date.now(),
      });
      await ctx.db.insert("reports", { itemId, reporterId: reader.userId, reason: "spam" });
    });
    expect(await countProfiles(t)).toBe(3);
    const before = await reader.as.query(api.friends.people, { cursor: null });
    expect(before.people).toHaveLength(3);

    await runDeleteUnverified(t);
    expect(await statusOf(t, "deleteUnverifiedProfiles")).toMatchObject({ isDone: true, processed: 3 });
    expect(await profileUserIds(t)).toEqual([reader.userId]);
    expect(await peopleCounter(t)).toBe(1);
    const after = await reader.as.query(api.friends.people, { cursor: null });
    expect(after.people.map((person) => person.userId)).toEqual([reader.userId]);
    expect(await reader.as.query(api.friends.peopleTotalPages, {})).toBe(1);
    expect(await t.run(async (ctx) => (await ctx.db.query("reportedItems").collect()).length)).toBe(0);
    expect(await t.run(async (ctx) => (await ctx.db.query("reports").collect()).length)).toBe(0);
  });

  test("takes the accounts that never verified out of everyone's friends, and their friend counts down", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const reader = await signedInUser(t, { name: "Reader" });
    const [friend] = await oldProfiles(t, 1, { verified: true });
    const [ghost] = await oldProfiles(t, 1, { verified: false });
    // Before friends.add refused unverified accounts, Reader added both.
    await t.run(async (ctx) => {
      for (const friendId of [friend!, ghost!]) await ctx.db.insert("friends", { userId: reader.userId, friendId });
      const profile = await ctx.db
        .query("profiles")
        .withIndex("by_userId", (q) => q.eq("userId", reader.userId))
        .first();
      await ctx.db.patch(profile!._id, { friendCount: 2 });
    });
    await countProfiles(t);

    await runDeleteUnverified(t);
    expect(await statusOf(t, "forgetUnverifiedFriends")).toMatchObject({ isDone: true, processed: 2 });
    const friends = await reader.as.query(api.friends.mine, { paginationOpts: { numItems: 10, cursor: null } });
    expect(friends.page.map((person) => person.userId)).toEqual([friend]);
    const readerProfile = await t.run((ctx) =>
      ctx.db
        .query("profiles")
        .withIndex("by_userId", (q) => q.eq("userId", reader.userId))
        .first(),
    );
    expect(readerProfile?.friendCount).toBe(1);
  });

  test("forgets the friends rows pointing at accounts that never verified, in batches", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const [ghost] = await oldProfiles(t, 1, { verified: false });
    const adders = await oldProfiles(t, FRIEND_ROWS_BATCH_SIZE + 3, { verified: true });
    await t.run(async (ctx) => {
      for (const userId of adders) await ctx.db.insert("friends", { userId, friendId: ghost! });
    });
    // The first batch runs in the call, the rest through the component's scheduler.
    await t.mutation(internal.migrations.run, { fn: "migrations:forgetUnverifiedFriends" });
    expect(await friendRows(t)).toBe(3);
    expect(await statusOf(t, "forgetUnverifiedFriends")).toMatchObject({ isDone: false });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await friendRows(t)).toBe(0);
    expect(await statusOf(t, "forgetUnverifiedFriends")).toMatchObject({ isDone: true });
  });

  test("works in batches through the scheduler until every profile was looked at", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const unverified = MIGRATION_BATCH_SIZE + 5;
    const verified = await oldProfiles(t, 3, { verified: true });
    await oldProfiles(t, unverified, { verified: false });
    expect(await countProfiles(t)).toBe(unverified + 3);

    await t.mutation(internal.migrations.run, { fn: "migrations:deleteUnverifiedProfiles" });
    // One batch of MIGRATION_BATCH_SIZE profiles ran: 3 verified kept, the rest of it deleted.
    expect(await profileUserIds(t)).toHaveLength(unverified + 3 - (MIGRATION_BATCH_SIZE - 3));
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(new Set(await profileUserIds(t))).toEqual(new Set(verified));
    expect(await peopleCounter(t)).toBe(3);
  });

  test("running it again changes nothing, even started over from the beginning", async () => {
    vi.useFakeTimers();
    const t = newBackend();
    const reader = await signedInUser(t);
    const [ghost] = await oldProfiles(t, 2, { verified: false });
    await t.run(async (ctx) => {
      await ctx.db.insert("friends", { userId: reader.userId, friendId: ghost! });
    });
    await countProfiles(t);
    await runDeleteUnverified(t);
    await runDeleteUnverified(t);
    await runDeleteUnverified(t, { reset: true });
    expect(await profileUserIds(t)).toHaveLength(1);
    expect(await peopleCounter(t)).toBe(1);
    expect(await friendRows(t)).toBe(0);
  });

  test("is internal: no client can call it", () => {
    for (const migration of [deleteUnverifiedProfiles, forgetUnverifiedFriends]) {
      expect((migration as unknown as { isInternal?: boolean }).isInternal).toBe(true);
    }
  });
});
