/**
 * The read-budget matrix's community: a large generated one, written straight into the engine's
 * database in big admin transactions (not through the app's functions, which would take minutes),
 * once per run. Its shape puts the weight where an unbounded read would show: one "hub" user
 * with the most friends, conversations, posts, books and rooms, a room with half the chat
 * messages, a post and a book with thousands of comments, likes and views, a reported item with
 * a thousand reports.
 */
import type { GenericId } from "convex/values";
import type { Id, TableNames } from "../../../convex/_generated/dataModel";
import { incrementCounter, type CounterName } from "../../../convex/lib/counters";
import { pairKey } from "../../../convex/lib/conversations";
import { STORY_CARDS } from "../../../convex/shared/duma/story";
import { REPORT_REASONS } from "../../../convex/shared/moderation-validators";
import { DEFAULT_PERSONALITY, type PostCategory } from "../../../convex/shared/validators";
import type { Engine, Identity } from "../../../local-backend/engine/types";
import { identityOf } from "./engine";

/** How big each part is: the sizes issue 29 asks for (about 10k users, 100k posts, …). */
export const SIZES = {
  users: 10_000,
  posts: 100_000,
  books: 20_000,
  rooms: 5_000,
  chatMessages: 200_000,
  messages: 50_000,
  friendRows: 50_000,
  reports: 5_000,
  /** Of the above, what the hub and the busiest things hold. */
  hubFriends: 2_000,
  hubConversations: 2_000,
  hubPosts: 2_000,
  hubBooks: 1_000,
  hubRooms: 500,
  busiestRoomMessages: 100_000,
  busiestConversationMessages: 20_000,
  busyComments: 3_000,
  busyLikes: 3_000,
  busyViews: 3_000,
  busiestItemReports: 1_000,
  presentInBusiestRoom: 100,
  suspensions: 500,
  logRows: 2_000,
  staff: 50,
  dumaDecks: 2_000,
  dumaReigns: 5_000,
} as const;

const CATEGORIES: PostCategory[] = ["psychology", "science", "art", "philosophy", "productivity", "uncategorized"];
/** Documents per admin transaction: few transactions (each costs a durable commit), none huge. */
const BATCH = 5_000;

export type Person = { userId: Id<"users">; identity: NonNullable<Identity> };

export type Community = {
  /** The most-connected user: the caller of every row. */
  hub: Person;
  /** An admin (so a moderator too), for the staff-only functions. */
  moderator: Person;
  /** User 1: the hub's first friend and busiest conversation; wrote the busy post and book. */
  neighbour: Person;
  users: Id<"users">[];
  busyPost: Id<"posts">;
  hubPost: Id<"posts">;
  busyBook: Id<"books">;
  hubBook: Id<"books">;
  busiestRoom: Id<"chatRooms">;
  hubRoom: Id<"chatRooms">;
  busiestConversation: Id<"conversations">;
  /** The hub's presence tokens in the busiest room (from a real heartbeat). */
  roomToken: string;
  sessionToken: string;
  busiestReportedPost: Id<"posts">;
  suspendedUser: Id<"users">;
  /** How many documents were written (for the docs). */
  documents: number;
};

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number): (max: number) => number {
  let state = seed;
  return (max: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % max;
  };
}

type Row = Record<string, unknown>;
type LooseDb = { insert(table: string, doc: Row): Promise<GenericId<string>> };

let inserted = 0;

/** Inserts `count` documents made by `make(i)` in big transactions; returns their ids in order. */
async function insertMany<T extends TableNames>(
  engine: Engine,
  table: T,
  count: number,
  make: (i: number) => Row,
): Promise<Id<T>[]> {
  const ids: Id<T>[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const batch = await engine.admin.run(async (ctx) => {
      const made: Id<T>[] = [];
      const db = ctx.db as unknown as LooseDb;
      for (let i = start; i < end; i++) made.push((await db.insert(table, make(i))) as Id<T>);
      return made;
    });
    ids.push(...batch);
  }
  inserted += count;
  return ids;
}

export async function buildCommunity(engine: Engine): Promise<Community> {
  // convex-test checks each document against the schema by trying union members in turn, and a
  // failed member costs an Error with a stack trace: without traces, filling is ~35 % faster.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return await build(engine);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

async function build(engine: Engine): Promise<Community> {
  inserted = 0;
  const next = random(29);
  const now = Date.now();
  const pick = <T>(items: readonly T[]): T => items[next(items.length)]!;
  const anyoneButHub = () => users[1 + next(SIZES.users - 1)]!;

  // ---- people ----
  const users = await insertMany(engine, "users", SIZES.users, (i) => ({
    email: `person${i}@example.com`,
    emailVerificationTime: now,
  }));
  const [hubId, neighbourId, moderatorId] = users as [Id<"users">, Id<"users">, Id<"users">];
  // The hub adds users 1…hubFriends; everyone else adds five others by number.
  const friendPairs: [Id<"users">, Id<"users">][] = [];
  for (let i = 1; i <= SIZES.hubFriends; i++) friendPairs.push([hubId, users[i]!]);
  for (let u = 1; friendPairs.length < SIZES.friendRows; u++) {
    for (let k = 1; k <= 5 && friendPairs.length < SIZES.friendRows; k++) {
      friendPairs.push([users[u]!, users[(u + k * 7) % SIZES.users]!]);
    }
  }
  const friendCount = new Map<Id<"users">, number>();
  for (const [userId] of friendPairs) friendCount.set(userId, (friendCount.get(userId) ?? 0) + 1);
  await insertMany(engine, "profiles", SIZES.users, (i) => ({
    userId: users[i]!,
    email: `person${i}@example.com`,
    displayName: i === 0 ? "Hub" : `Person ${i}`,
    personality: DEFAULT_PERSONALITY,
    friendCount: friendCount.get(users[i]!) ?? 0,
    askedForName: true,
    // Search (issue 33): every profile matches "person" but the hub.
    searchText: i === 0 ? "Hub" : `Person ${i}`,
    searchHidden: false,
  }));
  await insertMany(engine, "friends", friendPairs.length, (i) => ({
    userId: friendPairs[i]![0],
    friendId: friendPairs[i]![1],
  }));
  await insertMany(engine, "roles", SIZES.staff, (i) => ({
    userId: users[2 + i]!,
    role: i === 0 ? "admin" : "moderator",
  }));

  // ---- posts and books, with the busy ones' comments, likes and views ----
  const counts = new Map<CounterName, number>([
    ["posts", SIZES.posts],
    ["books", SIZES.books],
    ["profiles", SIZES.users],
  ]);
  const posts = await insertMany(engine, "posts", SIZES.posts, (i) => {
    const category = pick(CATEGORIES);
    counts.set(`posts:${category}`, (counts.get(`posts:${category}`) ?? 0) + 1);
    return {
      title: `Post ${i}`,
      description: "A generated post.",
      // Search (issue 33): every post matches "generated".
      searchText: `Post ${i} A generated post`,
      category,
      image: { url: `https://example.com/post${i}.png` },
      // The hub wrote the first hubPosts; the neighbour the busy one (the last, so the newest).
      userId: i < SIZES.hubPosts ? hubId : i === SIZES.posts - 1 ? neighbourId : anyoneButHub(),
      updatedAt: now,
      views: next(5_000),
      likes: next(300),
      comments: next(60),
    };
  });
  const [hubPost, busyPost] = [posts[0]!, posts[SIZES.posts - 1]!];
  const books = await insertMany(engine, "books", SIZES.books, (i) => ({
    title: `Book ${i}`,
    author: "Someone",
    description: "A generated book.",
    searchText: `Book ${i} Someone A generated book`,
    image: { url: `https://example.com/book${i}.png` },
    userId: i < SIZES.hubBooks ? hubId : i === SIZES.books - 1 ? neighbourId : anyoneButHub(),
    updatedAt: now,
    views: next(5_000),
    likes: next(300),
    comments: next(60),
  }));
  const [hubBook, busyBook] = [books[0]!, books[SIZES.books - 1]!];
  for (const postId of [busyPost, hubPost]) {
    await insertMany(engine, "postComments", SIZES.busyComments, (i) => ({
      postId,
      authorId: users[1 + (i % (SIZES.users - 1))]!,
      text: `Comment ${i}`,
    }));
  }
  await insertMany(engine, "bookComments", SIZES.busyComments, (i) => ({
    bookId: busyBook,
    authorId: users[1 + (i % (SIZES.users - 1))]!,
    text: `Comment ${i}`,
  }));
  for (const targetId of [busyPost, busyBook, hubPost]) {
    // Users 1… liked and viewed them; the hub did not, so its like and view are new ones.
    await insertMany(engine, "likes", SIZES.busyLikes, (i) => ({ targetId, userId: users[1 + i]! }));
    await insertMany(engine, "views", SIZES.busyViews, (i) => ({ targetId, userId: users[1 + i]!, viewedAt: now }));
  }
  await engine.admin.run(async (ctx) => {
    const busy = { comments: SIZES.busyComments, likes: SIZES.busyLikes, views: SIZES.busyViews };
    await ctx.db.patch(busyPost, busy);
    await ctx.db.patch(hubPost, busy);
    await ctx.db.patch(busyBook, busy);
  });
  // Counted as the app counts them: in several transactions, so each total's shards all fill.
  for (const [name, value] of counts) {
    for (let part = 0; part < 8; part++) {
      const share = Math.floor(value / 8) + (part < value % 8 ? 1 : 0);
      await engine.admin.run((ctx) => incrementCounter(ctx, name, share));
    }
  }

  // ---- chat rooms and their messages ----
  const rooms = await insertMany(engine, "chatRooms", SIZES.rooms, (i) => ({
    name: `Room ${i}`,
    searchText: `Room ${i}`,
    createdBy: i < SIZES.hubRooms ? hubId : anyoneButHub(),
    lastMessageAt: now - i * 1_000,
  }));
  const [hubRoom, busiestRoom] = [rooms[0]!, rooms[SIZES.hubRooms]!];
  await insertMany(engine, "chatMessages", SIZES.chatMessages, (i) => ({
    roomId: i < SIZES.busiestRoomMessages ? busiestRoom : rooms[next(SIZES.rooms)]!,
    userId: users[next(SIZES.users)]!,
    text: `Message ${i}`,
  }));

  // ---- conversations: the hub's with users 1…hubConversations, and their messages ----
  const partners = users.slice(1, 1 + SIZES.hubConversations);
  const conversations = await insertMany(engine, "conversations", partners.length, (i) => ({
    participants: [hubId, partners[i]!],
    pairKey: pairKey(hubId, partners[i]!),
    lastMessageAt: now - i * 60_000,
    lastMessageText: "Hello",
    lastMessageSenderId: partners[i]!,
  }));
  await insertMany(engine, "conversationMembers", partners.length * 2, (i) => {
    const c = Math.floor(i / 2);
    const mine = i % 2 === 0;
    return {
      conversationId: conversations[c]!,
      userId: mine ? hubId : partners[c]!,
      otherUserId: mine ? partners[c]! : hubId,
      lastMessageAt: now - c * 60_000,
      // Half the hub's conversations have unread messages: more than the unread total reads.
      unreadCount: mine && c % 2 === 0 ? 3 : 0,
      readUpTo: 0,
    };
  });
  const busiestConversation = conversations[0]!;
  await insertMany(engine, "messages", SIZES.messages, (i) => {
    const c = i < SIZES.busiestConversationMessages ? 0 : next(conversations.length);
    return { conversationId: conversations[c]!, senderId: i % 2 === 0 ? hubId : partners[c]!, text: `Message ${i}` };
  });

  // ---- moderation: reports (one item with a thousand), suspensions, the log ----
  const perItem = 4;
  const reportedPosts = posts.slice(
    SIZES.hubPosts,
    SIZES.hubPosts + 1 + (SIZES.reports - SIZES.busiestItemReports) / perItem,
  );
  const items = await insertMany(engine, "reportedItems", reportedPosts.length, (i) => ({
    targetKind: "post",
    targetId: reportedPosts[i]!,
    authorId: anyoneButHub(),
    reportCount: i === 0 ? SIZES.busiestItemReports : perItem,
    lastReportedAt: now - i * 1_000,
  }));
  await insertMany(engine, "reports", SIZES.reports, (i) => ({
    itemId: i < SIZES.busiestItemReports ? items[0]! : items[1 + Math.floor((i - SIZES.busiestItemReports) / perItem)]!,
    reporterId: users[100 + (i % 9_000)]!,
    reason: pick(REPORT_REASONS),
  }));
  await insertMany(engine, "suspensions", SIZES.suspensions, (i) => ({
    userId: users[SIZES.users - 1 - i]!,
    endsAt: i % 3 === 0 ? null : now + 7 * 86_400_000,
    reason: "Spam",
    byUserId: moderatorId,
  }));
  await insertMany(engine, "moderationLog", SIZES.logRows, (i) => ({
    action: "remove",
    actorId: moderatorId,
    targetKind: "post",
    targetId: posts[i]!,
    subjectId: users[1 + (i % 100)]!,
    summary: `Post ${i}`,
    reason: "Spam",
  }));

  // ---- Duma ----
  await insertMany(engine, "dumaDecks", SIZES.dumaDecks, (i) => ({
    userId: users[i]!,
    cards: [STORY_CARDS[0]!],
    endings: [],
    updatedAt: now,
  }));
  await insertMany(engine, "dumaReigns", SIZES.dumaReigns, (i) => ({
    userId: users[i]!,
    days: next(200),
    endingId: "ending",
    swipes: next(500),
    achievedAt: now - i,
  }));

  // ---- presence: real heartbeats, so the presence component holds what it would ----
  const hub = { userId: hubId, identity: await identityOf(engine, hubId) };
  const neighbour = { userId: neighbourId, identity: await identityOf(engine, neighbourId) };
  const moderator = { userId: moderatorId, identity: await identityOf(engine, moderatorId) };
  let tokens = { roomToken: "", sessionToken: "" };
  for (let i = 0; i < SIZES.presentInBusiestRoom; i++) {
    const person = i === 0 ? hub : { userId: users[i]!, identity: await identityOf(engine, users[i]!) };
    const got = (await engine.runMutation(
      "chatPresence:heartbeat",
      { roomId: busiestRoom, userId: person.userId, sessionId: `tab-${i}`, interval: 12_000 },
      person.identity,
    )) as typeof tokens;
    if (i === 0) tokens = got;
  }
  return {
    hub,
    moderator,
    neighbour,
    users,
    busyPost,
    hubPost,
    busyBook,
    hubBook,
    busiestRoom,
    hubRoom,
    busiestConversation,
    ...tokens,
    busiestReportedPost: reportedPosts[0]!,
    suspendedUser: users[SIZES.users - 1]!,
    documents: inserted,
  };
}
