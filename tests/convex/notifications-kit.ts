/** Helpers of the notification suites (issue 31): people, running the folds, reading the rows. */
import { vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { signedInUser, type TestBackend } from "./test-env";

export type Person = Awaited<ReturnType<typeof signedInUser>>;

/** Runs every scheduled fold, cascade and batch to the end (needs vi.useFakeTimers()). */
export async function settle(t: TestBackend): Promise<void> {
  await t.finishAllScheduledFunctions(vi.runAllTimers, 10_000);
}

export async function rowsOf(t: TestBackend, userId: Id<"users">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("notifications")
        .withIndex("by_recipientId_and_updatedAt", (q) => q.eq("recipientId", userId))
        .collect(),
  );
}

/** The unread count as the bell reads it, and as the rows say: they must agree. */
export async function unreadBoth(t: TestBackend, person: Person): Promise<{ counter: number; rows: number }> {
  const counter = await person.as.query(api.notifications.unreadCount, {});
  const rows = (await rowsOf(t, person.userId)).filter((row) => !row.read).length;
  return { counter, rows };
}

export async function firstPage(person: Person, numItems = 20) {
  return (await person.as.query(api.notifications.page, { paginationOpts: { numItems, cursor: null } })).page;
}

export async function people(t: TestBackend, count: number, prefix = "Fan"): Promise<Person[]> {
  const result: Person[] = [];
  for (let index = 0; index < count; index++) result.push(await signedInUser(t, { name: `${prefix} ${index}` }));
  return result;
}
