/**
 * The fan-out matrix: the writes that happen most, each made once or a few times against the
 * open subscriptions of ./scenario.ts, with the query re-runs each causes (by the hub's rule,
 * ./subscription-registry.ts) by function, held to a budget of the subscriptions it may re-run.
 * A budget counts Convex runs (a shared result once), as the measured figure does.
 */
import { createVerifiedUser } from "../../tests/e2e/harness/users";
import type { DocumentWrite } from "../../local-backend/engine/read-set";
import type { MutationTrace } from "../../local-backend/engine/types";
import { ALL_CATEGORIES, HEARTBEAT_INTERVAL_MS, mutation, uploadImage, type Scenario } from "./scenario";
import {
  convexRuns,
  localRuns,
  type FanOut,
  type Subscription,
  type SubscriptionRegistry,
} from "./subscription-registry";

export type Row = {
  write: string;
  /** How the budget is set, in words. */
  rule: string;
  budget: number;
  /** Medians over the samples. */
  convex: number;
  local: number;
  observed: number;
  byFunction: FanOut;
  error?: string;
};

type Write = {
  name: string;
  rule: string;
  /** Which subscriptions it may re-run (their Convex runs are the budget), plus `extra` more. */
  allowed: (subscription: Subscription, sample: number) => boolean;
  /** Subscriptions it may re-run once per distinct arguments (a total: one shared result, whoever reads it). */
  shared?: (subscription: Subscription) => boolean;
  extra?: number;
  samples: number;
  /** What the write needs first, outside what is measured (an uploaded image). */
  prepare?: (sample: number) => Promise<void>;
  /** Makes the write. */
  make: (sample: number) => Promise<void>;
};

const argsOf = (subscription: Subscription) => subscription.args as Record<string, unknown>;

/** The first room of the steady chat message row (rooms before it take the first messages). */
const STEADY_ROOMS = 3;

export function writesOf(scenario: Scenario, options: { hot: boolean }): Write[] {
  const { hotPostId, rooms, actorClients, actors, authorClients } = scenario;
  const onHotPost = (names: string[]) => (subscription: Subscription) =>
    names.includes(subscription.udfPath) && argsOf(subscription).postId === hotPostId;
  const inRoom = (sample: number, names: string[]) => (subscription: Subscription) =>
    names.includes(subscription.udfPath) && argsOf(subscription).roomId === rooms[sample]!.roomId;
  let counter = 0;
  let image: { storageId: string } | null = null;
  const sessions = new Map<number, string>();
  // An actor's tab in room `sample`: present (joining when it was not), keeping its session token to leave.
  const beat = async (sample: number) => {
    const result = (await actorClients[10 + sample]!.mutation(mutation("chatPresence:heartbeat"), {
      roomId: rooms[sample]!.roomId,
      userId: actors[10 + sample]!.userId,
      sessionId: `joiner-${sample}`,
      interval: HEARTBEAT_INTERVAL_MS,
    })) as { sessionToken: string };
    sessions.set(sample, result.sessionToken);
  };
  // Member `member` of room `room` says hello.
  const sendMessage = async (room: number, member: number) =>
    void (await rooms[room]!.clients[member]!.mutation(mutation("chatMessages:send"), {
      roomId: rooms[room]!.roomId,
      text: `Hello ${counter++}`,
    }));
  const writes: Write[] = [
    {
      name: "view (a post)",
      rule: "its detail readers",
      allowed: onHotPost(["posts:get"]),
      samples: 3,
      make: async (sample) =>
        void (await actorClients[sample]!.mutation(mutation("posts:recordView"), { postId: hotPostId })),
    },
    {
      name: "like (a post)",
      rule: "its detail readers",
      allowed: onHotPost(["posts:get"]),
      samples: 3,
      make: async (sample) =>
        void (await actorClients[sample]!.mutation(mutation("posts:toggleLike"), { postId: hotPostId })),
    },
    {
      name: "comment (a post)",
      rule: "its detail + comment readers",
      allowed: onHotPost(["posts:get", "postComments:list"]),
      samples: 3,
      make: async (sample) =>
        void (await actorClients[sample]!.mutation(mutation("postComments:add"), {
          postId: hotPostId,
          text: `Comment ${counter++}`,
        })),
    },
    {
      name: "new post",
      rule: "page 1 of each sort, author's lists; totals shared",
      // Page 1 of every sort: with no views, likes or comments yet it ties with the others, newest first.
      allowed: (subscription) =>
        (subscription.udfPath === "posts:feed" && argsOf(subscription).cursor === null) ||
        (subscription.udfPath === "posts:byUser" && argsOf(subscription).userId === scenario.authors[0]!.userId),
      shared: (subscription) => subscription.udfPath === "posts:totalPages",
      samples: 3,
      prepare: async () => void (image = await uploadImage(authorClients[0]!)),
      make: async () =>
        void (await authorClients[0]!.mutation(mutation("posts:create"), {
          title: `Fresh post ${counter++}`,
          description: "Just written",
          category: ALL_CATEGORIES[0],
          image,
        })),
    },
    {
      name: "new book",
      rule: "board page 1; totals shared",
      allowed: (subscription) => subscription.udfPath === "books:page" && argsOf(subscription).cursor === null,
      shared: (subscription) => subscription.udfPath === "books:totalPages",
      samples: 3,
      prepare: async () => void (image = await uploadImage(authorClients[1]!)),
      make: async () =>
        void (await authorClients[1]!.mutation(mutation("books:create"), { title: `Fresh book ${counter++}`, image })),
    },
    {
      name: "sign-up (verified)",
      rule: "one people page; totals shared",
      allowed: (subscription) => subscription.udfPath === "friends:people" && argsOf(subscription).cursor === null,
      shared: (subscription) => subscription.udfPath === "friends:peopleTotalPages",
      samples: 2,
      make: async () =>
        void (await createVerifiedUser(scenario.engine, {
          name: `Aaron Newcomer ${counter}`,
          email: `newcomer${counter++}@example.com`,
        })),
    },
    // A message writes its room's `lastMessageAt` at most once a minute (chatMessages.send), and
    // that write re-runs the room's readers and every open rooms list: two rows, each measured
    // on its own rooms. Rooms 0–2 have had no message yet, so each first message writes the room.
    // Every list reader had read every room to its start, so this message also turns the room
    // "New" for each of them: their unread mark of this room re-runs, once (lib/room-reads.ts).
    {
      name: "chat message (first in a minute)",
      rule: "its room's history + room readers + every rooms list + its room's unread marks",
      allowed: (subscription, sample) =>
        inRoom(sample, ["chatMessages:list", "chats:get", "chatRoomReads:unreadFrom"])(subscription) ||
        subscription.udfPath === "chats:list",
      samples: 3,
      make: async (sample) => await sendMessage(sample, 1),
    },
    // Rooms 3–5: another member's message just before (unmeasured) sets `lastMessageAt` and turns
    // the room unread for the list readers, so the measured one, well within the minute, leaves
    // the room alone and lands past each reader's first unread message: no unread mark re-runs.
    {
      name: "chat message (steady)",
      rule: "its room's history readers",
      allowed: (subscription, sample) => inRoom(STEADY_ROOMS + sample, ["chatMessages:list"])(subscription),
      samples: 3,
      prepare: async (sample) => await sendMessage(STEADY_ROOMS + sample, 2),
      make: async (sample) => await sendMessage(STEADY_ROOMS + sample, 1),
    },
    // A list reader reads room `sample` (it is unread since the first-in-a-minute row): only
    // their own unread mark of that room re-runs.
    {
      name: "room read mark",
      rule: "the reader's own mark of that room",
      allowed: (subscription, sample) =>
        inRoom(sample, ["chatRoomReads:unreadFrom"])(subscription) &&
        subscription.caller.startsWith(`${scenario.roomListReaders[sample]!.userId}|`),
      samples: 3,
      make: async (sample) =>
        void (await scenario.roomListClients[sample]!.mutation(mutation("chatRoomReads:markRead"), {
          roomId: rooms[sample]!.roomId,
          readUpTo: Date.now(),
        })),
    },
    {
      name: "presence flip: a tab joins",
      rule: "1 a room member + 5 shared",
      allowed: () => false,
      extra: rooms[0]!.members.length + 5,
      samples: 3,
      make: async (sample) => await beat(sample),
    },
    {
      name: "heartbeat (already here)",
      rule: "1 shared",
      allowed: () => false,
      extra: 1,
      samples: 3,
      prepare: async (sample) => await beat(sample),
      make: async (sample) => await beat(sample),
    },
    {
      name: "typing signal",
      rule: "its room's typing readers",
      allowed: (subscription, sample) => inRoom(sample, ["chatPresence:typing"])(subscription),
      samples: 3,
      // The actor who joined types (a member's session may have timed out: one must be present to type).
      prepare: async (sample) => await beat(sample),
      make: async (sample) =>
        void (await actorClients[10 + sample]!.mutation(mutation("chatPresence:setTyping"), {
          roomId: rooms[sample]!.roomId,
          typing: true,
        })),
    },
    {
      name: "presence flip: a tab leaves",
      rule: "1 a room member + 5 shared",
      allowed: () => false,
      extra: rooms[0]!.members.length + 5,
      samples: 3,
      // Present again first: the session may have timed out meanwhile.
      prepare: async (sample) => await beat(sample),
      make: async (sample) =>
        void (await actorClients[10 + sample]!.mutation(mutation("chatPresence:disconnect"), {
          sessionToken: sessions.get(sample) ?? "",
        })),
    },
  ];
  if (options.hot) {
    // Deliberately hot (--hot): a "view" that counts on the listed post document itself, as the
    // code did before; --check must fail on it.
    writes.push({
      name: "hot demo: view patching the post",
      rule: "its detail readers",
      allowed: onHotPost(["posts:get"]),
      samples: 1,
      make: async () =>
        await scenario.engine.admin.run(async (ctx) => {
          const id = ctx.db.normalizeId("posts", hotPostId);
          if (id !== null) await ctx.db.patch(id, { title: `Viewed ${counter++}` });
        }),
    });
  }
  return writes;
}

/** Makes each write, `samples` times, and measures what it re-runs. */
export async function runMatrix(
  scenario: Scenario,
  registry: SubscriptionRegistry,
  writes: Write[],
  log: (line: string) => void,
): Promise<Row[]> {
  const { engine } = scenario;
  // Commits of the write: a client mutation's from its trace, others' (the sign-up's action, an
  // admin write) from the commits while it runs, leaving out the presence component's own
  // (sessions timing out meanwhile).
  let pending: DocumentWrite[][] = [];
  let capturing: "traces" | "commits" | null = null;
  const stopTracing = engine.traceMutations?.((trace: MutationTrace) => {
    if (capturing === "traces" && trace.writes.length > 0) pending.push([...trace.writes]);
  });
  const stopCommits = engine.onCommit(({ writes }) => {
    if (capturing !== "commits") return;
    if (writes.every(({ id }) => id.includes("/"))) return;
    pending.push([...writes]);
  });
  const rows: Row[] = [];
  try {
    for (const write of writes) {
      const perSample: { convex: number; local: number; observed: number; byFunction: FanOut }[] = [];
      let budget = 0;
      let error: string | undefined;
      for (let sample = 0; sample < write.samples; sample++) {
        await write.prepare?.(sample);
        await registry.settle();
        budget =
          registry.convexRunsOf((subscription) => write.allowed(subscription, sample)) +
          (write.shared === undefined ? 0 : registry.sharedRunsOf(write.shared)) +
          (write.extra ?? 0);
        pending = [];
        const byFunction: FanOut = new Map();
        const usesTraces = write.name !== "sign-up (verified)" && !write.name.startsWith("hot demo");
        capturing = usesTraces ? "traces" : "commits";
        registry.resetObserved();
        // Fan-out is judged against the read sets as they stood when each commit landed.
        const judged = engine.onCommit(() => {
          for (const writes of pending.splice(0)) registry.affectedBy(writes, byFunction);
        });
        try {
          await write.make(sample);
        } catch (failure) {
          error = failure instanceof Error ? failure.message.split("\n")[0] : String(failure);
        } finally {
          capturing = null;
          for (const writes of pending.splice(0)) registry.affectedBy(writes, byFunction);
          judged();
        }
        await registry.settle();
        let observed = 0;
        for (const count of registry.observed.values()) observed += count;
        perSample.push({ convex: convexRuns(byFunction), local: localRuns(byFunction), observed, byFunction });
        if (error !== undefined) break;
      }
      const median = <K extends "convex" | "local" | "observed">(key: K) =>
        [...perSample.map((sample) => sample[key])].sort((a, b) => a - b)[Math.floor(perSample.length / 2)] ?? 0;
      const representative = [...perSample].sort((a, b) => a.convex - b.convex)[Math.floor(perSample.length / 2)];
      rows.push({
        write: write.name,
        rule: write.rule,
        budget,
        convex: median("convex"),
        local: median("local"),
        observed: median("observed"),
        byFunction: representative?.byFunction ?? new Map(),
        ...(error !== undefined ? { error } : {}),
      });
      log(`  measured: ${write.name}`);
    }
  } finally {
    stopTracing?.();
    stopCommits();
  }
  return rows;
}

export function printMatrix(rows: Row[], print: (line: string) => void): void {
  const header = ["write", "Convex runs", "budget", "", "local runs", "seen", "budget rule"];
  const widths = [34, 12, 8, 8, 11, 7, 0];
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index === 0 || index === 6 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!)))
      .join(" ");
  print(line(header));
  for (const row of rows) {
    const verdict = row.error !== undefined ? "FAILED" : row.convex <= row.budget ? "within" : "OVER";
    print(
      line([
        row.write,
        String(row.convex),
        String(row.budget),
        verdict,
        String(row.local),
        String(row.observed),
        row.rule,
      ]),
    );
    const parts = [...row.byFunction.entries()]
      .sort((a, b) => b[1].convex - a[1].convex)
      .map(([udfPath, { local, convex }]) => `${udfPath} ${convex}${local !== convex ? ` (${local} local)` : ""}`);
    if (parts.length > 0) print(`${"".padEnd(6)}↳ ${parts.join(", ")}`);
    if (row.error !== undefined) print(`${"".padEnd(6)}↳ the write failed: ${row.error}`);
  }
}

export function overBudget(rows: Row[]): Row[] {
  return rows.filter((row) => row.error !== undefined || row.convex > row.budget);
}
