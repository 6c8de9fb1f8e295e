/**
 * @mentions on the server (issue 31; issue 32's private messages, replies and edits reuse it):
 * which of the spans a client sent are kept with the text, and who hears about them.
 *
 * Rules (docs in SECURITY.md, Notifications):
 * - A span is kept only when it lies inside the stored text, starts with "@" and reads exactly
 *   "@" + the person's CURRENT display name; anything else is dropped, not refused, so a rename
 *   between typing and sending costs the link, never the message.
 * - Unknown or deleted people (no profile) are dropped.
 * - At most MAX_MENTIONS spans are kept, and only the first MAX_MENTIONS distinct people (in text
 *   order) are looked up at all: 500 "@" in one message cost ≤ 10 profile reads.
 * - The author may mention themselves (kept as a link) but is never notified; each person is
 *   notified once per message however often they are named.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { type Mention, mentionEnd, trimWithMentions, wellFormedMentions } from "../shared/mentions";
import { MAX_MENTIONS } from "../shared/notifications";
import { recordNotification } from "./notifications/record";
import { profileOf } from "./profile-lookup";

/** What a mention notification points at: the room, or the book or post the comment is on. */
export type MentionTarget =
  { kind: "chatRoom"; id: Id<"chatRooms"> } | { kind: "book"; id: Id<"books"> } | { kind: "post"; id: Id<"posts"> };

/**
 * The spans of `rawText` (as the client sent it) moved onto `storedText` (what the mutation
 * stores: the same text trimmed) and checked against the people they name. Returns undefined
 * when none is kept, so rows without mentions store no field.
 */
export async function checkedMentions(
  ctx: QueryCtx,
  rawText: string,
  storedText: string,
  mentions: readonly Mention[] | undefined,
): Promise<Mention[] | undefined> {
  if (mentions === undefined || mentions.length === 0) return undefined;
  const shifted = trimWithMentions(rawText, mentions);
  // cleanText only trims, so this holds; if it ever did more, spans could point anywhere: keep none.
  if (shifted.text !== storedText) return undefined;
  const spans = wellFormedMentions(storedText, shifted.mentions);

  const looked = new Map<Id<"users">, string | null>();
  const kept: Mention[] = [];
  for (const span of spans) {
    if (kept.length >= MAX_MENTIONS) break;
    if (!looked.has(span.userId)) {
      if (looked.size >= MAX_MENTIONS) continue;
      looked.set(span.userId, (await profileOf(ctx, span.userId))?.displayName ?? null);
    }
    const name = looked.get(span.userId);
    if (name == null) continue;
    if (storedText.slice(span.start, mentionEnd(span)) !== `@${name}`) continue;
    kept.push(span);
  }
  return kept.length === 0 ? undefined : kept;
}

/**
 * The people `mentions` name, once each, without the author and without anyone in `before` (an
 * edit notifies only the people it adds).
 */
export function mentionedPeople(
  mentions: readonly Mention[] | undefined,
  authorId: Id<"users">,
  before: readonly Mention[] | undefined = undefined,
): Id<"users">[] {
  const skip = new Set<Id<"users">>([authorId, ...(before ?? []).map((mention) => mention.userId)]);
  const people: Id<"users">[] = [];
  for (const mention of mentions ?? []) {
    if (skip.has(mention.userId)) continue;
    skip.add(mention.userId);
    people.push(mention.userId);
  }
  return people;
}

/**
 * Notifies the people a new (or edited) message or comment mentions, in the same mutation.
 * Everyone mentioned can see where they were mentioned: chat rooms are open to every signed-in
 * person, and so are the comments of books and posts. recordNotification skips suspended and
 * deleted people and those who turned mentions off.
 */
export async function notifyMentions(
  ctx: MutationCtx,
  {
    authorId,
    mentions,
    before,
    target,
    sourceId,
    toldOtherwise,
  }: {
    authorId: Id<"users">;
    mentions: readonly Mention[] | undefined;
    before?: readonly Mention[] | undefined;
    /** Someone this comment already notifies (the item's owner hears of every comment): not twice. */
    toldOtherwise?: Id<"users">;
    target: MentionTarget;
    /** The message or comment the mention is in: deleting it removes the notification (N1's cascade). */
    sourceId: Id<"bookComments"> | Id<"postComments"> | Id<"chatMessages">;
  },
): Promise<void> {
  for (const recipientId of mentionedPeople(mentions, authorId, before)) {
    if (recipientId === toldOtherwise) continue;
    await recordNotification(ctx, { kind: "mention", recipientId, actorId: authorId, target, sourceId });
  }
}

/** A message or comment that can carry mentions (and so rows in mentionRefs). */
export type MentionSourceId = Id<"chatMessages"> | Id<"bookComments"> | Id<"postComments">;

/** The people `mentions` name, once each, the author included: a mentionRefs row each. */
function peopleIn(mentions: readonly Mention[] | undefined): Id<"users">[] {
  return [...new Set((mentions ?? []).map((mention) => mention.userId))];
}

/**
 * Records who a newly stored message or comment mentions (one mentionRefs row per person, at
 * most MAX_MENTIONS), in the mutation that stores it. Insert-only: it reads nothing, so
 * concurrent sends never conflict over it.
 */
export async function writeMentionRefs(
  ctx: MutationCtx,
  sourceId: MentionSourceId,
  mentions: readonly Mention[] | undefined,
): Promise<void> {
  for (const userId of peopleIn(mentions)) await ctx.db.insert("mentionRefs", { userId, sourceId });
}

/**
 * An edit's mentions replace the old ones: rows of people no longer mentioned go, new people get
 * one, the others stay untouched. Reads the source's rows (≤ MAX_MENTIONS).
 */
export async function replaceMentionRefs(
  ctx: MutationCtx,
  sourceId: MentionSourceId,
  mentions: readonly Mention[] | undefined,
): Promise<void> {
  const wanted = new Set(peopleIn(mentions));
  const kept = new Set<Id<"users">>();
  for (const ref of await refsOf(ctx, sourceId)) {
    if (wanted.has(ref.userId) && !kept.has(ref.userId)) kept.add(ref.userId);
    else await ctx.db.delete(ref._id);
  }
  for (const userId of wanted) if (!kept.has(userId)) await ctx.db.insert("mentionRefs", { userId, sourceId });
}

/**
 * Deletes the mentionRefs rows of a message or comment being deleted (every delete path calls
 * it: cascade.ts). A row without mentions has none, so it costs no read: a room's or post's
 * cascade of 500 plain rows adds no index lookups.
 */
export async function deleteMentionRefs(
  ctx: MutationCtx,
  source: { _id: MentionSourceId; mentions?: readonly Mention[] },
): Promise<void> {
  if (source.mentions === undefined || source.mentions.length === 0) return;
  for (const ref of await refsOf(ctx, source._id)) await ctx.db.delete(ref._id);
}

async function refsOf(ctx: QueryCtx, sourceId: MentionSourceId) {
  // One row per person the source mentions, so at most MAX_MENTIONS; the margin lets a stray
  // duplicate be found and deleted too, and the read stays bounded.
  return await ctx.db
    .query("mentionRefs")
    .withIndex("by_sourceId", (q) => q.eq("sourceId", sourceId))
    .take(2 * MAX_MENTIONS);
}

/** The documents deleting `source` writes: itself and its mentionRefs rows (one per person it mentions). */
export function deletionWrites(source: { mentions?: readonly Mention[] }): number {
  return 1 + peopleIn(source.mentions).length;
}

/**
 * The longest front of `sources` whose deletion (deletionWrites each) fits `budget` writes, and
 * the writes it takes, so a cascade batch of messages or comments with mentions stays within its
 * size: at worst 1 + MAX_MENTIONS writes each.
 */
export function withinWrites<T extends { mentions?: readonly Mention[] }>(
  sources: readonly T[],
  budget: number,
): { fitting: T[]; writes: number } {
  const fitting: T[] = [];
  let writes = 0;
  for (const source of sources) {
    const cost = deletionWrites(source);
    if (writes + cost > budget) break;
    fitting.push(source);
    writes += cost;
  }
  return { fitting, writes };
}

/**
 * Account deletion (lib/account-deletion/batches.ts, stage "mentions"): takes a deleted person
 * out of up to `limit` other people's messages and comments. Their spans are dropped, the text
 * stays (it is its author's), and the row goes. Returns how many rows it handled (0 = none left).
 */
export async function eraseMentionsOf(ctx: MutationCtx, userId: Id<"users">, limit: number): Promise<number> {
  const refs = await ctx.db
    .query("mentionRefs")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(limit);
  for (const ref of refs) {
    const source = await ctx.db.get(ref.sourceId);
    if (source !== null) {
      const left = (source.mentions ?? []).filter((mention) => mention.userId !== userId);
      await ctx.db.patch(ref.sourceId, { mentions: left.length === 0 ? undefined : left });
    }
    await ctx.db.delete(ref._id);
  }
  return refs.length;
}
