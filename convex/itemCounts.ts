/**
 * Refreshes the listed counts (views, likes, comments on the book or post document, which cards
 * show and the feed's sort indexes order by) from the items' exact counters, for the items that
 * changed since the last refresh. Run by the cron every minute (crons.ts); see lib/item-counts.ts.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation } from "./_generated/server";
import { refreshListedCounts, type ItemId } from "./lib/item-counts";

/**
 * Change rows read (and deleted) per run: one per view, like or comment, so a busy minute has
 * many; a row costs one read and one delete.
 */
export const CHANGE_ROWS_PER_REFRESH = 1000;

/**
 * Distinct items refreshed per run: each reads its document and 3 counters of up to 4 shard
 * rows (13 documents) and may write the document once, so a run reads at most
 * 1,000 + 100 × 13 = 2,300 documents, far below a mutation's limits.
 */
export const ITEMS_PER_REFRESH = 100;

/**
 * One batch: the oldest change rows, their items (up to ITEMS_PER_REFRESH) refreshed and their
 * rows deleted; rows of further items stay for the next run. While rows may remain, the next
 * batch runs at once through the scheduler. Only this function reads `itemCountChanges`, so the
 * events that insert rows never conflict with each other; a refresh that overlaps an insert in
 * the range it read is retried by Convex, the event is not.
 */
export const refresh = internalMutation({
  args: {},
  returns: v.object({ items: v.number(), patched: v.number(), isDone: v.boolean() }),
  handler: async (ctx) => {
    const changes = await ctx.db.query("itemCountChanges").take(CHANGE_ROWS_PER_REFRESH);
    const items = new Set<ItemId>();
    const consumed: Id<"itemCountChanges">[] = [];
    let leftBehind = false;
    for (const change of changes) {
      if (!items.has(change.itemId) && items.size >= ITEMS_PER_REFRESH) {
        leftBehind = true;
        continue;
      }
      items.add(change.itemId);
      consumed.push(change._id);
    }
    let patched = 0;
    for (const itemId of items) if (await refreshListedCounts(ctx, itemId)) patched += 1;
    await Promise.all(consumed.map((id) => ctx.db.delete(id)));
    const isDone = !leftBehind && changes.length < CHANGE_ROWS_PER_REFRESH;
    if (!isDone) await ctx.scheduler.runAfter(0, internal.itemCounts.refresh, {});
    return { items: items.size, patched, isDone };
  },
});
