/**
 * Moderation lists take "now" as an argument (a whole minute) instead of reading the clock in a
 * query (lib/moderation/now.ts): what they show depends on the argument alone, and anything but
 * a whole minute is refused.
 */
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { MINUTE_MS, minuteAt, NOT_A_WHOLE_MINUTE } from "../../convex/lib/moderation/now";
import { staffUser, suspendDirectly } from "./moderation-fixtures";
import { addPost } from "./posts-fixtures";
import { newBackend, signedInUser } from "./test-env";

const firstPage = { numItems: 10, cursor: null };

describe("now as an argument", () => {
  test("refuses a time that is not a whole minute", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    for (const now of [minuteAt(Date.now()) + 1, -MINUTE_MS, 1.5, Number.MAX_VALUE]) {
      await expect(
        mod.as.query(api.moderationLists.suspensions, { now, paginationOpts: firstPage }),
        String(now),
      ).rejects.toThrow(NOT_A_WHOLE_MINUTE);
      await expect(
        mod.as.query(api.moderationLists.openItems, { sort: "newest", now, paginationOpts: firstPage }),
        String(now),
      ).rejects.toThrow(NOT_A_WHOLE_MINUTE);
    }
  });

  test("a suspension shows as running before its end and as ended from the next minute, by the argument alone", async () => {
    const t = newBackend();
    const mod = await staffUser(t);
    const bob = await signedInUser(t, { name: "Bob" });
    const reader = await signedInUser(t, { name: "Reader" });
    const { postId } = await addPost(t, bob.as);
    await reader.as.mutation(api.reports.report, { target: { kind: "post", id: postId }, reason: "spam" });
    const minute = minuteAt(Date.now());
    const endsAt = minute + 10 * MINUTE_MS + 30_000;
    await suspendDirectly(t, bob.userId, endsAt);

    const seenAt = async (now: number) => ({
      suspension: (await mod.as.query(api.moderationLists.suspensions, { now, paginationOpts: firstPage })).page[0]
        ?.active,
      queue: (await mod.as.query(api.moderationLists.openItems, { sort: "newest", now, paginationOpts: firstPage }))
        .page[0]?.authorSuspended,
    });
    expect(await seenAt(minute)).toEqual({ suspension: true, queue: true });
    expect(await seenAt(minute + 10 * MINUTE_MS)).toEqual({ suspension: true, queue: true });
    expect(await seenAt(minute + 11 * MINUTE_MS)).toEqual({ suspension: false, queue: false });
    // The same arguments give the same answer whenever they are asked: nothing reads the clock.
    expect(await seenAt(minute)).toEqual({ suspension: true, queue: true });
  });
});
