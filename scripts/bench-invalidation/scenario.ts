/**
 * The open subscriptions of the fan-out matrix: a realistic set of readers on the local backend,
 * each an official ConvexClient of its own user (so per-user caching is what it would be), holding
 * what its page holds (src/features/…): the viewer everywhere, and
 *   - feed pages 1–3 in each of the four sorts, all categories (posts.feed + posts.totalPages);
 *   - the board's pages 1–3 (books.page + books.totalPages);
 *   - /friends people pages 1–3 (friends.people + friends.peopleTotalPages);
 *   - one post's details (posts.get, its comments, the author's other posts);
 *   - the chat rooms list (chats.list) and, where the code has them, the unread mark of each of its
 *     rooms (chatRoomReads.unreadFrom), each reader having read every room up to the start;
 *   - 20 chat rooms of 50 members (chats.get, chatMessages.list, chatPresence.typing and, with the
 *     room token of a heartbeat, chatPresence.list). Each member heartbeats once, before anyone
 *     subscribes, and not again: before the presence change every heartbeat re-ran its whole
 *     room (50 members × 50 members every 10 s would swamp the bench), so their sessions time
 *     out during the run, in the presence component's batches (the heartbeat row measures one).
 * Functions a version of the code does not have (the page totals before they got queries of their
 * own) are left out, so the same bench measures before and after.
 */
import type { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import type { JSONValue } from "convex/values";
import type { Engine } from "../../local-backend/engine/types";
import { benchUsers, connect, type BenchUser } from "./bench-users";

export const SIZES = {
  rooms: 20,
  perRoom: 50,
  roomListReaders: 100,
  feedReadersPerPage: 15,
  boardReadersPerPage: 20,
  peopleReadersPerPage: 20,
  detailReaders: 60,
  posts: 40,
  books: 40,
  authors: 10,
} as const;

export const FEED_SORTS = ["date", "views", "likes", "comments"] as const;
export const ALL_CATEGORIES = ["psychology", "science", "art", "philosophy", "productivity", "uncategorized"];
const PAGES = 3;
/** Faces the room page shows (people-here.tsx). */
const FACES_SHOWN = 5;
/** As the room page asks (the app allows 1–12 s). */
export const HEARTBEAT_INTERVAL_MS = 12_000;
/** A 2×2 PNG, as tests/e2e/harness/content.ts uploads. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAsICBgYHh/////wEclwWckfxhMQAAAABJRU5ErkJggg==",
  "base64",
);

/** An image uploaded and confirmed by the client's user, as the browser does before a post or book takes it. */
export async function uploadImage(client: ConvexClient): Promise<{ storageId: string }> {
  const uploadUrl = (await client.mutation(mutation("files:generateUploadUrl"), {})) as string;
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG });
  const { storageId } = (await response.json()) as { storageId: string };
  await client.action(action("files:confirmUpload"), { storageId });
  return { storageId };
}

export const query = (name: string) => makeFunctionReference<"query", Record<string, unknown>, unknown>(name);
export const mutation = (name: string) => makeFunctionReference<"mutation", Record<string, unknown>, unknown>(name);
export const action = (name: string) => makeFunctionReference<"action", Record<string, unknown>, unknown>(name);

export type Room = { roomId: string; members: BenchUser[]; clients: ConvexClient[]; roomToken: string };

export type Scenario = {
  engine: Engine;
  url: string;
  clients: ConvexClient[];
  /** Writers: authors of the posts and books, free to write more. */
  authors: BenchUser[];
  authorClients: ConvexClient[];
  /** Users with no subscriptions: the ones who join a room, like, view, comment. */
  actors: BenchUser[];
  actorClients: ConvexClient[];
  hotPostId: string;
  hotPostAuthor: string;
  feedPostIds: string[];
  rooms: Room[];
  /** The readers of the rooms list (each holding chats.list and the rooms' unread marks). */
  roomListReaders: BenchUser[];
  roomListClients: ConvexClient[];
  /** Functions this version of the code has. */
  has: (udfPath: string) => boolean;
  stop(): Promise<void>;
};

type Page<T> = { cursor: string | null; result: T };

export async function buildScenario(engine: Engine, url: string, log: (line: string) => void): Promise<Scenario> {
  const clients: ConvexClient[] = [];
  const open = (user: BenchUser) => {
    const client = connect(url, user.token);
    clients.push(client);
    return client;
  };

  const authors = await benchUsers(engine, SIZES.authors, "Author");
  const actors = await benchUsers(engine, 30, "Actor");
  const authorClients = authors.map(open);
  const actorClients = actors.map(open);
  const someone = authorClients[0]!;

  // Content through the public mutations, so every version keeps its own counters and rows.
  const postIds: string[] = [];
  for (let index = 0; index < SIZES.posts; index++) {
    const category = ALL_CATEGORIES[index % ALL_CATEGORIES.length];
    const title = `Post ${index}`;
    const author = authorClients[index % SIZES.authors]!;
    const args = { title, description: `About ${title}`, category, image: await uploadImage(author) };
    postIds.push((await author.mutation(mutation("posts:create"), args)) as string);
  }
  for (let index = 0; index < SIZES.books; index++) {
    const author = authorClients[index % SIZES.authors]!;
    await author.mutation(mutation("books:create"), { title: `Book ${index}`, image: await uploadImage(author) });
  }
  const roomIds: string[] = [];
  for (let index = 0; index < SIZES.rooms; index++) {
    const creator = authorClients[index % SIZES.authors]!;
    roomIds.push((await creator.mutation(mutation("chats:create"), { name: `Room ${index}` })) as string);
  }
  const has = await functionsPresent(someone, [
    ["posts:totalPages", { categories: ALL_CATEGORIES }],
    ["books:totalPages", {}],
    ["friends:peopleTotalPages", {}],
    ["chatPresence:person", { userId: authors[0]!.userId }],
    ["chatRoomReads:unreadFrom", { roomId: roomIds[0]! }],
  ]);
  // Since the presence change, the room page asks who is typing from a time it rounds (typing.ts).
  const typingArgs = await argsAccepted(someone, "chatPresence:typing", [
    { roomId: roomIds[0] },
    { roomId: roomIds[0], since: Math.floor((Date.now() - 120_000) / 30_000) * 30_000 },
  ]);

  // The cursors of pages 2 and 3, as the pages' "next" links carry them.
  const pagesOf = async <T>(name: string, args: (cursor: string | null) => Record<string, unknown>) => {
    const pages: Page<T>[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < PAGES; page++) {
      const result = (await someone.query(query(name), args(cursor))) as T & { continueCursor: string };
      pages.push({ cursor, result });
      cursor = result.continueCursor;
    }
    return pages;
  };
  const feedPages = new Map<string, Page<{ posts: { _id: string }[] }>[]>();
  for (const sort of FEED_SORTS) {
    feedPages.set(sort, await pagesOf("posts:feed", (cursor) => ({ sort, categories: ALL_CATEGORIES, cursor })));
  }
  const boardPages = await pagesOf<unknown>("books:page", (cursor) => ({ cursor }));
  const peoplePages = await pagesOf<unknown>("friends:people", (cursor) => ({ cursor }));
  const firstFeedPage = feedPages.get("date")?.[0]?.result.posts.map(({ _id }) => _id) ?? [];
  const hotPostId = firstFeedPage[0] ?? postIds.at(-1)!;
  const hotPostAuthor = authors[Math.max(0, postIds.indexOf(hotPostId)) % SIZES.authors]!.userId;

  let ready = 0;
  let expected = 0;
  let allReady: () => void = () => undefined;
  const readyAll = new Promise<void>((resolve) => (allReady = resolve));
  const subscribe = (client: ConvexClient, name: string, args: Record<string, unknown>) => {
    expected += 1;
    let first = true;
    const onFirst = () => {
      if (!first) return;
      first = false;
      if (++ready === expected) allReady();
    };
    client.onUpdate(query(name), args, onFirst, (error) => {
      log(`  subscription ${name} failed: ${error.message}`);
      onFirst();
    });
  };
  const reader = async (count: number, prefix: string, holds: (client: ConvexClient, index: number) => void) => {
    const users = await benchUsers(engine, count, prefix);
    users.forEach((user, index) => {
      const client = open(user);
      subscribe(client, "users:viewer", {});
      holds(client, index);
    });
    return users;
  };

  // Rooms first: each member's first heartbeat before anyone subscribes, so the joins of a
  // thousand members do not each re-run the room's lists.
  const rooms: Room[] = [];
  for (const [index, roomId] of roomIds.entries()) {
    const members = await benchUsers(engine, SIZES.perRoom, `Member ${index}`);
    const memberClients = members.map(open);
    const tokens = await Promise.all(
      members.map(async (member, memberIndex) => {
        const client = memberClients[memberIndex]!;
        const heartbeat = () =>
          client.mutation(mutation("chatPresence:heartbeat"), {
            roomId,
            userId: member.userId,
            sessionId: `member-${index}-${memberIndex}`,
            interval: HEARTBEAT_INTERVAL_MS,
          }) as Promise<{ roomToken: string }>;
        const first = await heartbeat();
        return first.roomToken;
      }),
    );
    rooms.push({ roomId, members, clients: memberClients, roomToken: tokens[0] ?? "" });
  }
  log(`  ${SIZES.rooms * SIZES.perRoom} room members present`);
  for (const room of rooms) {
    for (const client of room.clients) {
      subscribe(client, "users:viewer", {});
      subscribe(client, "chats:get", { roomId: room.roomId });
      subscribe(client, "chatMessages:list", { roomId: room.roomId, paginationOpts: { numItems: 40, cursor: null } });
      subscribe(client, "chatPresence:typing", { ...typingArgs, roomId: room.roomId });
      subscribe(client, "chatPresence:list", { roomToken: room.roomToken });
      // The faces the room page shows, one query a person, where the code has them.
      if (has("chatPresence:person")) {
        for (const member of room.members.slice(0, FACES_SHOWN)) {
          subscribe(client, "chatPresence:person", { userId: member.userId });
        }
      }
    }
  }
  const roomListClients: ConvexClient[] = [];
  const roomListReaders = await reader(SIZES.roomListReaders, "Rooms reader", (client) => {
    roomListClients.push(client);
    subscribe(client, "chats:list", { paginationOpts: { numItems: 20, cursor: null } });
    // /chats asks each listed room's unread mark (issue 32; src/features/chats/hooks/use-unread-rooms.ts).
    if (has("chatRoomReads:unreadFrom")) {
      for (const roomId of roomIds) subscribe(client, "chatRoomReads:unreadFrom", { roomId });
    }
  });
  if (has("chatRoomReads:unreadFrom")) {
    // Each list reader has read every room up to now (one admin transaction, not 2,000 mutations).
    const readUpTo = Date.now();
    await engine.admin.run(async (ctx) => {
      for (const { userId } of roomListReaders) {
        for (const roomId of roomIds) {
          const user = ctx.db.normalizeId("users", userId);
          const room = ctx.db.normalizeId("chatRooms", roomId);
          if (user !== null && room !== null) {
            await ctx.db.insert("chatRoomReads", { userId: user, roomId: room, readUpTo });
          }
        }
      }
    });
  }
  const feedSlots = FEED_SORTS.flatMap((sort) => feedPages.get(sort)!.map(({ cursor }) => ({ sort, cursor })));
  await reader(feedSlots.length * SIZES.feedReadersPerPage, "Feed reader", (client, index) => {
    const { sort, cursor } = feedSlots[index % feedSlots.length]!;
    subscribe(client, "posts:feed", { sort, categories: ALL_CATEGORIES, cursor });
    if (has("posts:totalPages")) subscribe(client, "posts:totalPages", { categories: ALL_CATEGORIES });
  });
  await reader(PAGES * SIZES.boardReadersPerPage, "Board reader", (client, index) => {
    subscribe(client, "books:page", { cursor: boardPages[index % PAGES]!.cursor });
    if (has("books:totalPages")) subscribe(client, "books:totalPages", {});
  });
  await reader(PAGES * SIZES.peopleReadersPerPage, "People reader", (client, index) => {
    subscribe(client, "friends:people", { cursor: peoplePages[index % PAGES]!.cursor });
    if (has("friends:peopleTotalPages")) subscribe(client, "friends:peopleTotalPages", {});
  });
  await reader(SIZES.detailReaders, "Detail reader", (client) => {
    subscribe(client, "posts:get", { postId: hotPostId });
    subscribe(client, "postComments:list", { postId: hotPostId, paginationOpts: { numItems: 10, cursor: null } });
    subscribe(client, "posts:byUser", { userId: hotPostAuthor, excludePostId: hotPostId });
  });
  await readyAll;
  log(`  ${clients.length} clients, ${expected} subscriptions answered`);

  return {
    engine,
    url,
    clients,
    authors,
    authorClients,
    actors,
    actorClients,
    hotPostId,
    hotPostAuthor,
    feedPostIds: firstFeedPage,
    rooms,
    roomListReaders,
    roomListClients,
    has,
    async stop() {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

/** The first of `candidates` that `name` accepts (an older version takes fewer arguments). */
async function argsAccepted(
  client: ConvexClient,
  name: string,
  candidates: Record<string, unknown>[],
): Promise<Record<string, unknown>> {
  for (const args of candidates) {
    try {
      await client.query(query(name), args);
      return args;
    } catch {
      // Not these arguments: try the next.
    }
  }
  return candidates[0] ?? {};
}

/** Which of `probes` this version of the code has (a missing function fails "Could not find"). */
async function functionsPresent(
  client: ConvexClient,
  probes: [string, Record<string, JSONValue>][],
): Promise<(udfPath: string) => boolean> {
  const present = new Set<string>();
  for (const [name, args] of probes) {
    try {
      await client.query(query(name), args);
      present.add(name);
    } catch (error) {
      if (!String(error).includes("Could not find")) present.add(name);
    }
  }
  return (udfPath) => present.has(udfPath) || !probes.some(([name]) => name === udfPath);
}
