/**
 * No client can take the local backend down or starve the others: arguments past Convex's
 * limits are refused before any work on every path (sync protocol and HTTP endpoints), a frame
 * too large closes only its connection, a connection holds a bounded number of subscriptions,
 * a client that stops reading is dropped instead of buffered without end, and a connection with
 * many live queries cannot make another client's mutation wait for all of them, and request
 * bodies held at once stay within one budget, even from clients that never finish sending.
 */
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import {
  MAX_FRAME_BYTES,
  MAX_HELD_SUBSCRIPTIONS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
} from "../../local-backend/server/sync/connection-limits";
import { BodyBudget } from "../../local-backend/server/http/request-body";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import { FIXTURE_FUNCTIONS } from "./engine-test-env";

type Message = Record<string, unknown> & { type: string };

const TOO_NESTED = "Value is too nested (nested 65 levels deep > maximum nesting 64)";
const CONNECT = { type: "Connect", sessionId: "hostile", connectionCount: 0, lastCloseReason: null, clientTs: 0 };
const addNote = makeFunctionReference<"mutation", { text: string }, string>("notes:add");

/** A value nested `levels` deep (objects and arrays in turn), as JSON text: JSON.stringify would overflow. */
function nestedJson(levels: number): string {
  let open = "";
  let close = "";
  for (let i = levels - 1; i >= 0; i--) {
    open += i % 2 === 0 ? '{"a":' : "[";
    close = (i % 2 === 0 ? "}" : "]") + close;
  }
  return `${open}"leaf"${close}`;
}

/** A raw connection to the sync endpoint that collects what the server sends. */
async function connect(url: string) {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  const messages: Message[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  socket.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString("utf8")) as Message));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const next = async (accept: (message: Message) => boolean) => {
    for (let waited = 0; waited < 10_000; waited += 10) {
      const found = messages.find(accept);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("no such message");
  };
  /** Sends the message; `args` given as JSON text replace the placeholder ARGS. */
  const send = (message: object, argsJson?: string) => {
    const text = JSON.stringify(message);
    socket.send(argsJson === undefined ? text : text.replace('"ARGS"', argsJson));
  };
  send(CONNECT);
  return { socket, messages, closed, next, send };
}

/** Arguments of `arrays` × 8,192 empty objects: ~3 bytes of text each, ~80 of memory once parsed. */
const manyValues = (arrays: number) =>
  `{"a":[${Array(arrays)
    .fill(`[${Array(8192).fill("{}").join(",")}]`)
    .join(",")}]}`;

/** The modification for `queryId` in the Transitions received so far. */
const modificationOf = (messages: Message[], queryId: number) =>
  messages
    .filter((message) => message.type === "Transition")
    .flatMap((message) => message.modifications as Message[])
    .findLast((modification) => modification.queryId === queryId);

const folders: string[] = [];

describe("hostile clients", () => {
  let backend: LocalBackend;
  const logLines: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hostile-clients-"));
    folders.push(dataDir);
    backend = await startLocalBackend({
      port: 0,
      dataDir,
      seed: false,
      modulesDir: FIXTURE_FUNCTIONS,
      log: (line) => logLines.push(line),
    });
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("answers a subscription nested 5,000 deep with Convex's message, and keeps serving everyone", async () => {
    const hostile = await connect(backend.url);
    hostile.send(
      {
        type: "ModifyQuerySet",
        baseVersion: 0,
        newVersion: 1,
        modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: "ARGS" }],
      },
      `[${nestedJson(5000)}]`,
    );
    await hostile.next((message) => message.type === "Transition");
    expect(modificationOf(hostile.messages, 0)).toMatchObject({
      type: "QueryFailed",
      errorMessage: `Invalid arguments for notes.js:list: ${TOO_NESTED}`,
    });

    const other = await connect(backend.url);
    other.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: [{}] }],
    });
    await other.next((message) => message.type === "Transition");
    expect(modificationOf(other.messages, 0)).toMatchObject({ type: "QueryUpdated" });
    hostile.socket.close();
    other.socket.close();
  });

  it("refuses mutations and actions past the nesting and array limits without running them", async () => {
    const runMutation = vi.spyOn(backend.engine, "runMutation");
    const runAction = vi.spyOn(backend.engine, "runAction");
    const client = await connect(backend.url);
    client.send({ type: "Mutation", requestId: 0, udfPath: "notes:add", args: "ARGS" }, `[${nestedJson(5000)}]`);
    client.send(
      { type: "Action", requestId: 1, udfPath: "notes:addThroughAction", args: "ARGS" },
      `[${nestedJson(64)}]`,
    );
    client.send({ type: "Mutation", requestId: 2, udfPath: "notes:add", args: [{ text: new Array(9000).fill(1) }] });
    const answer = (type: string, requestId: number) =>
      client.next((message) => message.type === type && message.requestId === requestId);
    expect(await answer("MutationResponse", 0)).toMatchObject({
      success: false,
      result: `Invalid arguments for notes.js:add: ${TOO_NESTED}`,
    });
    expect(await answer("ActionResponse", 1)).toMatchObject({
      success: false,
      result: `Invalid arguments for notes.js:addThroughAction: ${TOO_NESTED}`,
    });
    expect(await answer("MutationResponse", 2)).toMatchObject({
      success: false,
      result: "Invalid arguments for notes.js:add: Array length is too long (9000 > maximum length 8192)",
    });
    expect(runMutation).not.toHaveBeenCalled();
    expect(runAction).not.toHaveBeenCalled();
    // 63 levels of arguments are within the limit (Convex parses them as `[args]`).
    client.send(
      { type: "Action", requestId: 3, udfPath: "notes:addThroughAction", args: "ARGS" },
      `[${nestedJson(63)}]`,
    );
    expect(await answer("ActionResponse", 3)).toMatchObject({ success: false });
    expect(runAction).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    client.socket.close();
  });

  it("refuses over-limit arguments on every HTTP function endpoint before running anything", async () => {
    const runQuery = vi.spyOn(backend.engine, "runQuery");
    const post = async (endpoint: string, body: object, argsJson?: string) => {
      const text = JSON.stringify(body);
      const response = await fetch(`${backend.url}${endpoint}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: argsJson === undefined ? text : text.replace('"ARGS"', argsJson),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // The 1.8 MB argument of the fault-injection run: 300,000 numbers in one array.
    const huge = { text: new Array(300_000).fill(123456) };
    for (const [endpoint, udfPath] of [
      ["/api/query", "notes:list"],
      ["/api/mutation", "notes:add"],
      ["/api/action", "notes:addThroughAction"],
    ] as const) {
      const [module] = udfPath.split(":");
      expect(
        await post(endpoint, { path: udfPath, args: "ARGS", format: "convex_encoded_json" }, `[${nestedJson(5000)}]`),
      ).toEqual({
        status: 560,
        body: {
          status: "error",
          errorMessage: `Invalid arguments for ${module}.js:${udfPath.split(":")[1]}: ${TOO_NESTED}`,
          logLines: [],
        },
      });
      expect(await post(endpoint, { path: udfPath, args: [huge], format: "convex_encoded_json" })).toMatchObject({
        status: 560,
        body: { errorMessage: expect.stringContaining("Array length is too long (300000 > maximum length 8192)") },
      });
    }
    expect(await post("/api/function", { path: "notes:list", args: "ARGS" }, nestedJson(65))).toMatchObject({
      status: 560,
      body: { errorMessage: `Invalid arguments for notes.js:list: ${TOO_NESTED}` },
    });
    const wide = Object.fromEntries(Array.from({ length: 1025 }, (_, i) => [`f${i}`, i]));
    expect(await post("/api/query", { path: "notes:list", args: [wide] })).toMatchObject({
      status: 560,
      body: {
        errorMessage: "Invalid arguments for notes.js:list: Object has too many fields (1025 > maximum number 1024)",
      },
    });
    expect(runQuery).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("refuses arguments larger than 16 MiB", async () => {
    const big = { text: "x".repeat(16 * 1024 * 1024 + 10) };
    const response = await fetch(`${backend.url}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "notes:add", args: [big] }),
    });
    expect(response.status).toBe(560);
    expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(
      /^Invalid arguments for notes\.js:add: Arguments for notes:add are too large \(16 MiB, limit: 16 MiB\)$/,
    );
  }, 20_000);

  it("closes a connection that sends a frame larger than the limit, before reading it whole", async () => {
    const client = await connect(backend.url);
    client.socket.send(JSON.stringify({ type: "Event", eventType: "x", event: "y".repeat(MAX_FRAME_BYTES) }));
    expect(await client.closed).toBe(1009);
  }, 20_000);

  /** `count` subscriptions to the notes list, query ids from 0, as one ModifyQuerySet adds them. */
  const noteListSubscriptions = (count: number) =>
    Array.from({ length: count }, (_, queryId) => ({ type: "Add", queryId, udfPath: "notes:list", args: [{}] }));

  it("fails subscriptions past the per-connection limit and runs the others", async () => {
    const client = await connect(backend.url);
    const modifications = noteListSubscriptions(MAX_SUBSCRIPTIONS_PER_CONNECTION + 1);
    client.send({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications });
    await client.next((message) => message.type === "Transition");
    expect(modificationOf(client.messages, 0)).toMatchObject({ type: "QueryUpdated" });
    expect(modificationOf(client.messages, MAX_SUBSCRIPTIONS_PER_CONNECTION - 1)).toMatchObject({
      type: "QueryUpdated",
    });
    expect(modificationOf(client.messages, MAX_SUBSCRIPTIONS_PER_CONNECTION)).toMatchObject({
      type: "QueryFailed",
      errorMessage: `Too many queries subscribed on one connection (maximum ${MAX_SUBSCRIPTIONS_PER_CONNECTION})`,
    });
    // Removing one lets the one past the limit run.
    client.send({
      type: "ModifyQuerySet",
      baseVersion: 1,
      newVersion: 2,
      modifications: [{ type: "Remove", queryId: 0 }],
    });
    await client.next(
      (message) => message.type === "Transition" && (message.endVersion as { querySet: number }).querySet === 2,
    );
    expect(modificationOf(client.messages, MAX_SUBSCRIPTIONS_PER_CONNECTION)).toMatchObject({
      type: "QueryUpdated",
    });
    client.socket.close();
  }, 20_000);

  it("disconnects a client that keeps adding queries past twice the limit, or past 64 MiB of arguments in all", async () => {
    const many = await connect(backend.url);
    const modifications = noteListSubscriptions(MAX_HELD_SUBSCRIPTIONS + 1);
    many.send({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications });
    expect(await many.closed).toBe(1011);

    const heavy = await connect(backend.url);
    const large = "x".repeat(15 * 1024 * 1024);
    for (let version = 0; version < 5; version++) {
      const add = { type: "Add", queryId: version, udfPath: "notes:withPrefix", args: [{ prefix: large }] };
      heavy.send({ type: "ModifyQuerySet", baseVersion: version, newVersion: version + 1, modifications: [add] });
    }
    expect(await heavy.closed).toBe(1011);
    expect(logLines.some((line) => line.includes("bytes of arguments in all"))).toBe(true);
  }, 30_000);

  it("counts held arguments by the memory they take, per connection and for all connections together", async () => {
    const subscribe = (client: Awaited<ReturnType<typeof connect>>, arrays: number) =>
      client.send(
        {
          type: "ModifyQuerySet",
          baseVersion: 0,
          newVersion: 1,
          modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: ["ARGS"] }],
        },
        manyValues(arrays),
      );

    // 2.7 MB of text, yet about 74 MB once parsed: past one connection's 64 MiB.
    const one = await connect(backend.url);
    subscribe(one, 110);
    expect(await one.closed).toBe(1011);
    expect(logLines.some((line) => line.includes("bytes of arguments in all"))).toBe(true);

    // Four connections just under their own limit hold ~266 MB of the 268 all may hold.
    const heavy: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < 4; i++) {
      const client = await connect(backend.url);
      subscribe(client, 99);
      await client.next((message) => message.type === "Transition");
      heavy.push(client);
    }
    // A newcomer's ~27 MB passes it: the heaviest holder goes, not the newcomer, who is served.
    const newcomer = await connect(backend.url);
    subscribe(newcomer, 40);
    await newcomer.next((message) => message.type === "Transition");
    const closed = await Promise.race([
      Promise.any(heavy.map(async (client, index) => ((await client.closed) === 1011 ? index : Promise.reject()))),
      new Promise((resolve) => setTimeout(() => resolve("none"), 5_000)),
    ]);
    expect(typeof closed).toBe("number");
    expect(logLines.some((line) => line.includes("bytes of arguments, this one the most"))).toBe(true);
    expect(newcomer.socket.readyState).toBe(WebSocket.OPEN);

    // What the evicted connection held was let go: another may subscribe as much again.
    const again = await connect(backend.url);
    subscribe(again, 99);
    await again.next((message) => message.type === "Transition");
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
    for (const client of [...heavy, newcomer, again]) client.socket.close();
  }, 60_000);

  it("counts a mutation's arguments while it waits, and gives them back once it is answered", async () => {
    const mutation = (client: Awaited<ReturnType<typeof connect>>, requestId: number, arrays: number) =>
      client.send({ type: "Mutation", requestId, udfPath: "notes:add", args: ["ARGS"] }, manyValues(arrays));

    // One after another, each answered before the next: each gives its ~62 MB back.
    const patient = await connect(backend.url);
    for (let requestId = 0; requestId < 3; requestId++) {
      mutation(patient, requestId, 95);
      await patient.next((message) => message.type === "MutationResponse" && message.requestId === requestId);
    }
    // ~74 MB of arguments in one mutation: past the connection's 64 MiB.
    mutation(patient, 3, 110);
    expect(await patient.closed).toBe(1011);
    expect(logLines.some((line) => line.includes("queries and requests holding more than"))).toBe(true);
  }, 60_000);

  it("closes a connection whose Connect carries a session id longer than a UUID's", async () => {
    const socket = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ ...CONNECT, sessionId: "x".repeat(100_000) }));
    expect(await closed).not.toBe(1000);
  }, 20_000);

  it("answers a WebSocket upgrade whose target is no URL with 400, and keeps running", async () => {
    const { port } = new URL(backend.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          "GET http://[ HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        );
      });
      let received = "";
      socket.on("data", (data: Buffer) => (received += data.toString("utf8")));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const client = await connect(backend.url);
    client.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: [{}] }],
    });
    await client.next((message) => message.type === "Transition");
    client.socket.close();
  }, 20_000);

  it("makes another client's mutation wait for at most a slice of a heavy connection's query runs", async () => {
    // 900 distinct live queries of the notes table: every new note makes them all stale. Each
    // reads all 500 notes, so the heavy refresh lasts far longer than the few turns of the event
    // loop a mutation needs (the hub gives those turns by time, whatever a run costs).
    await backend.engine.admin.run(async (ctx) => {
      // The fixture's notes table (the engine's admin context is typed for the app's tables).
      const db = ctx.db as unknown as { insert(table: string, note: { text: string }): Promise<string> };
      for (let i = 0; i < 500; i++) await db.insert("notes", { text: `filler ${i}` });
    });
    const heavy = await connect(backend.url);
    const modifications = Array.from({ length: 900 }, (_, queryId) => ({
      type: "Add",
      queryId,
      udfPath: "notes:withPrefix",
      args: [{ prefix: `p${queryId}` }],
    }));
    heavy.send({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications });
    await heavy.next((message) => message.type === "Transition");

    const runs = vi.spyOn(backend.engine, "runQueryTrackingReads");
    const writer = new ConvexClient(backend.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
    });
    const runsPerMutation: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = runs.mock.calls.length;
      await writer.mutation(addNote, { text: `fair ${i}` });
      runsPerMutation.push(runs.mock.calls.length - before);
    }
    // Without slicing (and turns of the event loop), each mutation waits for all 900 runs.
    expect(Math.max(...runsPerMutation)).toBeLessThan(450);
    vi.restoreAllMocks();
    await writer.close();
    heavy.socket.close();
    await heavy.closed;
  }, 60_000);

  it("drops a connection that stops reading instead of buffering for it without end", async () => {
    const stalled = await connect(backend.url);
    stalled.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: [{}] }],
    });
    await stalled.next((message) => message.type === "Transition");
    stalled.socket.pause();

    const reader = await connect(backend.url);
    reader.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: [{}] }],
    });
    // Each note makes the whole list (growing by 100 KB) a new Transition for both.
    const text = "n".repeat(100_000);
    let notes = 0;
    while (!logLines.some((line) => line.includes("does not read")) && notes < 120) {
      await backend.engine.runMutation("notes:add", { text: `${notes++} ${text}` }, null);
    }
    expect(logLines.some((line) => line.includes("dropping a connection that does not read"))).toBe(true);
    stalled.socket.resume();
    expect(await stalled.closed).toBe(1006);

    // The client that reads still gets every note.
    const total = (await backend.engine.runQuery("notes:list", {}, null)) as unknown[];
    await reader.next(
      (message) =>
        message.type === "Transition" &&
        (message.modifications as { value?: unknown[] }[]).some((m) => m.value?.length === total.length),
    );
    reader.socket.close();
  }, 60_000);
});

describe("request bodies held at once", () => {
  const KIB = 1024;
  // A budget of its own, small enough to fill with a few requests (the process's is 256 MiB);
  // 127.0.0.2 and 127.0.0.3 stand for remote clients, held to a share.
  const budget = new BodyBudget(1024 * KIB, (address) => address !== "127.0.0.1");
  const REQUEST_TIMEOUT_MS = 3_000;
  let backend: LocalBackend;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hostile-bodies-"));
    folders.push(dataDir);
    backend = await startLocalBackend({
      port: 0,
      dataDir,
      seed: false,
      modulesDir: FIXTURE_FUNCTIONS,
      log: () => {},
      bodyBudget: budget,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /**
   * A POST that declares `declared` bytes of body, sends `sent` of them and holds back the rest,
   * from `from` (any 127.x.y.z address reaches the server, each a client address of its own).
   */
  function stalledPost(pathname: string, declared: number, sent: number, from = "127.0.0.1") {
    const socket = net.connect({ port: Number(new URL(backend.url).port), host: "127.0.0.1", localAddress: from });
    socket.write(`POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${declared}\r\n\r\n`);
    socket.write(Buffer.alloc(sent, 0x20));
    let received = "";
    socket.on("data", (data: Buffer) => (received += data.toString("utf8")));
    const answer = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
    socket.on("error", () => {});
    return { socket, answer };
  }

  async function waitFor(condition: () => boolean, what: string): Promise<void> {
    for (let waited = 0; waited < 10_000; waited += 10) {
      if (condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${what} did not happen (the budget holds ${budget.heldBytes} bytes)`);
  }

  /** A query over ConvexHttpClient's endpoint, its body padded to about `padding` bytes. */
  const query = (padding: number) =>
    fetch(`${backend.url}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "notes:list", args: [{}], padding: " ".repeat(padding) }),
    });

  /** Two other addresses each hold 400 KiB of an http action route's body (convex/http.ts's reader). */
  async function fillBudgetFromElsewhere() {
    const stalled = [
      stalledPost("/some/http/route", 1000 * KIB, 400 * KIB, "127.0.0.2"),
      stalledPost("/some/http/route", 1000 * KIB, 400 * KIB, "127.0.0.3"),
    ];
    await waitFor(() => budget.heldBytes === 800 * KIB, "reading the stalled bodies");
    return { leave: () => stalled.forEach(({ socket }) => socket.destroy()) };
  }

  it("refuses the request that would go past the budget with 503, serves the others, and takes back a closed connection's bytes", async () => {
    const stalled = await fillBudgetFromElsewhere();

    // A function call (another reader) that needs 300 KiB more than is left: refused, not held.
    const refused = await query(300 * KIB);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.text()).toMatch(/^The local backend is busy: .* hold 1 MiB, as much as it keeps at once/);
    expect(budget.heldBytes).toBe(800 * KIB);

    // Requests that fit go on meanwhile.
    expect((await query(0)).status).toBe(200);

    // The stalled clients leave: their bytes come back, and the large request is served.
    stalled.leave();
    await waitFor(() => budget.heldBytes === 0, "releasing a closed connection's body");
    const served = await query(300 * KIB);
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ status: "success" });
    expect(budget.heldBytes).toBe(0);
  }, 30_000);

  it("keeps an upload URL good when its upload is refused for lack of room, so it can be sent again", async () => {
    const uploadUrl = (await (
      await fetch(`${backend.url}/api/mutation`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path: "notes:uploadUrl", args: [{}] }),
      })
    ).json()) as { value: string };
    const upload = () =>
      fetch(uploadUrl.value, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "x".repeat(300 * KIB),
      });
    const stalled = await fillBudgetFromElsewhere();
    expect((await upload()).status).toBe(503);

    stalled.leave();
    await waitFor(() => budget.heldBytes === 0, "releasing a closed connection's body");
    const stored = await upload();
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ storageId: expect.any(String) });
    // Still one upload per URL.
    expect((await upload()).status).toBe(401);
  }, 30_000);

  it("lets one client address hold at most half of the budget, and serves the others meanwhile", async () => {
    // Past 512 KiB of its own: refused with 503, and its bytes are given back at once.
    const greedy = stalledPost("/some/http/route", 1000 * KIB, 600 * KIB, "127.0.0.2");
    expect(await greedy.answer).toMatch(/^HTTP\/1\.1 503[^]*from your address already hold 512 KiB/);
    await waitFor(() => budget.heldBytes === 0, "releasing the refused body");
    // Half of the budget held by one address leaves the other half to everyone else.
    const half = stalledPost("/some/http/route", 1000 * KIB, 500 * KIB, "127.0.0.2");
    await waitFor(() => budget.heldBytes === 500 * KIB, "reading the stalled body");
    expect((await query(300 * KIB)).status).toBe(200);
    half.socket.destroy();
    await waitFor(() => budget.heldBytes === 0, "releasing a closed connection's body");
  }, 30_000);

  it("holds clients on this machine to no share: by default they are all the clients, of one address", async () => {
    const local = new BodyBudget(1024 * KIB);
    expect(local.tryReserve(900 * KIB, "127.0.0.1")).toBeNull();
    expect(local.tryReserve(100 * KIB, "::ffff:127.0.0.1")).toBeNull();
    expect(local.tryReserve(100 * KIB, "192.168.1.20")).toBe("budget");
    local.release(900 * KIB, "127.0.0.1");
    local.release(100 * KIB, "::ffff:127.0.0.1");
    expect(local.tryReserve(600 * KIB, "192.168.1.20")).toBe("address");
    expect(local.tryReserve(500 * KIB, "192.168.1.20")).toBeNull();
  });

  it("drops a body that never completes when the request timeout ends it, and takes back its bytes", async () => {
    const started = Date.now();
    const stalled = stalledPost("/api/mutation", 1000 * KIB, 500 * KIB);
    // A byte now and then does not keep it alive: the timeout counts from the request's start.
    const trickle = setInterval(() => stalled.socket.write(" "), 200);
    try {
      await waitFor(() => budget.heldBytes >= 500 * KIB, "reading the stalled body");
      expect(await stalled.answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
    // Node checks connections every quarter of the timeout here: it ends within 1.25 timeouts.
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS * 1.25 + 2_000);
    await waitFor(() => budget.heldBytes === 0, "releasing the timed-out body");
    expect((await query(0)).status).toBe(200);
  }, 30_000);
});
