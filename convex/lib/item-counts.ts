/**
 * Views, likes and comment counts of books and posts, kept off the listed document.
 *
 * The exact count of an item lives in a sharded counter of its own ("likes:<id>", …), written
 * by each view, like or comment and read only by the item's detail view. A view or like
 * therefore re-runs only the detail readers of that item, and concurrent writers collide only
 * when they pick the same one of a few shard rows, never on the book or post document.
 *
 * The document's `views` / `likes` / `comments` are the listed snapshot that cards show and the
 * feed's sort indexes order by. Each event inserts an `itemCountChanges` row (insert-only: the
 * writer reads no shared range, so writers do not conflict), and the refresh cron
 * (convex/itemCounts.ts) copies the exact counts onto the documents that changed, in batches.
 *
 * Documents from before this change hold their exact counts in those fields
 * (`countsInCounters` unset): until the item is moved (migrations:movePostCounts /
 * moveBookCounts, or its first refresh) the exact count is the field plus the counter.
 */
import { ShardedCounter } from "@convex-dev/sharded-counter";
import { components } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";

export type ItemId = Id<"books"> | Id<"posts">;
export type Item = Doc<"books"> | Doc<"posts">;

export const ITEM_COUNTS = ["views", "likes", "comments"] as const;
export type ItemCount = (typeof ITEM_COUNTS)[number];
export type ItemCounts = Record<ItemCount, number>;

/**
 * Shard rows per count. Concurrent views or likes of one item conflict only when they land on
 * the same row (1 in 4 for two writers), and the detail view reads 3 × 4 small rows at most.
 */
export const SHARDS_PER_ITEM_COUNT = 4;

type ItemCounterName = `${ItemCount}:${string}`;

/** A counter object per call, as in lib/counters.ts: it remembers the shard it last wrote. */
function itemCounter(): ShardedCounter<ItemCounterName> {
  return new ShardedCounter<ItemCounterName>(components.shardedCounter, { defaultShards: SHARDS_PER_ITEM_COUNT });
}

/** The counter's name; it never collides with the totals of lib/counters.ts ("posts", "posts:science", …). */
export function itemCounterName(itemId: ItemId, count: ItemCount): ItemCounterName {
  return `${count}:${itemId}`;
}

/**
 * Moves one count of the item by `delta` and notes the item for the next refresh of its listed
 * counts. Writes one shard row and one new row; reads only that shard row.
 */
export async function changeItemCount(
  ctx: MutationCtx,
  itemId: ItemId,
  count: ItemCount,
  delta: number,
): Promise<void> {
  await itemCounter().add(ctx, itemCounterName(itemId, count), delta);
  await ctx.db.insert("itemCountChanges", { itemId });
}

/** What the document still holds of the exact count: all of it before the item was moved, nothing after. */
function documentBase(item: Item, count: ItemCount): number {
  return item.countsInCounters === true ? 0 : item[count];
}

/**
 * The exact count (never below zero). Reads every shard of that count, so in a mutation it
 * conflicts with concurrent writers of the same count: call it only where exactness is needed.
 */
export async function exactItemCount(ctx: QueryCtx, item: Item, count: ItemCount): Promise<number> {
  const counted = await itemCounter().count(ctx, itemCounterName(item._id, count));
  return Math.max(0, documentBase(item, count) + counted);
}

/** All three exact counts, for the detail view. */
export async function exactItemCounts(ctx: QueryCtx, item: Item): Promise<ItemCounts> {
  return {
    views: await exactItemCount(ctx, item, "views"),
    likes: await exactItemCount(ctx, item, "likes"),
    comments: await exactItemCount(ctx, item, "comments"),
  };
}

/**
 * Moves the counts a document from before the counters holds into its counters and marks it,
 * in one mutation: a like committed before it is in the counter already and the field is added
 * on top; one committed after it finds the mark. Either way it counts once (Convex runs
 * mutations serializably). Returns false, changing nothing, for an item already moved.
 */
export async function moveCountsIntoCounters(ctx: MutationCtx, item: Item): Promise<boolean> {
  if (item.countsInCounters === true) return false;
  const counter = itemCounter();
  for (const count of ITEM_COUNTS) {
    if (item[count] !== 0) await counter.add(ctx, itemCounterName(item._id, count), item[count]);
  }
  await ctx.db.patch(item._id, { countsInCounters: true });
  return true;
}

/**
 * Copies the exact counts onto the item's listed fields, patching only when one differs (a
 * patch re-runs every list showing the item). Moves an item from before the counters first.
 * Returns whether the document was written; false for an item that is gone.
 */
export async function refreshListedCounts(ctx: MutationCtx, itemId: ItemId): Promise<boolean> {
  const item = await ctx.db.get(itemId);
  if (item === null) return false;
  const exact = await exactItemCounts(ctx, item);
  const moved = await moveCountsIntoCounters(ctx, item);
  const changed: Partial<ItemCounts> = {};
  for (const count of ITEM_COUNTS) if (item[count] !== exact[count]) changed[count] = exact[count];
  if (Object.keys(changed).length > 0) await ctx.db.patch(item._id, changed);
  return moved || Object.keys(changed).length > 0;
}

/** Deletes the item's counters (with its book or post): nothing of them is left behind. */
export async function clearItemCounts(ctx: MutationCtx, itemId: ItemId): Promise<void> {
  const counter = itemCounter();
  for (const count of ITEM_COUNTS) await counter.reset(ctx, itemCounterName(itemId, count));
}
