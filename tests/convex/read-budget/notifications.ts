/**
 * The hub's notifications for the read-budget rows (issue 31): a page's worth of every kind, each
 * pointing at a real item, so `notifications:page` resolves actors, titles and Add back as on a
 * busy account. Made once, outside the meter.
 */
import type { Id } from "../../../convex/_generated/dataModel";
import type { Engine } from "../../../local-backend/engine/types";
import type { Community } from "./community";

let made: Id<"notifications">[] | null = null;

export async function hubNotifications(engine: Engine, c: Community, count = 60): Promise<Id<"notifications">[]> {
  if (made !== null) return made;
  made = await engine.admin.run(async (ctx) => {
    const ids: Id<"notifications">[] = [];
    for (let index = 0; index < count; index++) {
      const actorId = c.users[(index * 7) % c.users.length]!;
      const base = { recipientId: c.hub.userId, actorId, read: false, updatedAt: Date.now() - index, actorCount: 1 };
      const kind = index % 3;
      ids.push(
        await ctx.db.insert(
          "notifications",
          kind === 0
            ? { ...base, kind: "friendAdded" as const, groupKey: `friend:${actorId}` }
            : kind === 1
              ? { ...base, kind: "like" as const, targetKind: "post" as const, targetId: c.busyPost, actorCount: 12 }
              : { ...base, kind: "comment" as const, targetKind: "book" as const, targetId: c.busyBook },
        ),
      );
    }
    await ctx.db.insert("notificationCounts", { userId: c.hub.userId, unread: count });
    return ids;
  });
  return made;
}
