/**
 * The sync protocol on the wire, with a raw WebSocket: the exact first Transition a client
 * gets, and what happens to a client that breaks the protocol (it is disconnected, so the
 * official client reconnects and starts over).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { removeTestDataDirs, startTestBackend } from "./server-fixture/protocol-env";

type Message = Record<string, unknown> & { type: string };

/** A raw connection to `/api/<version>/sync` that collects what the server sends. */
async function connect(url: string) {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  const messages: Message[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  socket.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString("utf8")) as Message));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const next = async (type: string) => {
    for (let waited = 0; waited < 5000; waited += 10) {
      const found = messages.find((message) => message.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type} message`);
  };
  const send = (message: object) => socket.send(JSON.stringify(message));
  return { socket, messages, closed, next, send };
}

const CONNECT = { type: "Connect", sessionId: "test-session", connectionCount: 0, lastCloseReason: null, clientTs: 0 };
const ZERO_TS = Buffer.alloc(8).toString("base64");

describe("sync protocol on the wire", () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;

  beforeAll(async () => {
    backend = await startTestBackend();
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    removeTestDataDirs();
  });

  it("answers a first query set with a Transition from the empty state", async () => {
    const client = await connect(backend.url);
    client.send(CONNECT);
    client.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "users:viewer", args: [{}] }],
    });
    const transition = await client.next("Transition");
    expect(transition.startVersion).toEqual({ querySet: 0, ts: ZERO_TS, identity: 0 });
    expect(transition.endVersion).toMatchObject({ querySet: 1, identity: 0 });
    // A little-endian u64 in base64, as the client's `u64ToLong` reads it.
    const ts = Buffer.from((transition.endVersion as { ts: string }).ts, "base64");
    expect(ts.length).toBe(8);
    expect(transition.modifications).toEqual([
      { type: "QueryUpdated", queryId: 0, value: null, logLines: [], journal: null },
    ]);
    client.socket.close();
  });

  it("disconnects a client whose query-set version does not follow on", async () => {
    const client = await connect(backend.url);
    client.send(CONNECT);
    client.send({ type: "ModifyQuerySet", baseVersion: 3, newVersion: 4, modifications: [] });
    expect(await client.closed).toBe(1011);
  });

  it("disconnects a client that sends something other than a protocol message", async () => {
    const client = await connect(backend.url);
    client.socket.send("not json");
    expect(await client.closed).toBe(1011);
  });

  it("refuses an admin key with an AuthError", async () => {
    const client = await connect(backend.url);
    client.send(CONNECT);
    client.send({ type: "Authenticate", tokenType: "Admin", value: "admin-key", baseVersion: 0 });
    expect(await client.next("AuthError")).toMatchObject({ baseVersion: 0, authUpdateAttempted: true });
    await client.closed;
  });

  it("does not upgrade other paths to WebSockets", async () => {
    const socket = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/elsewhere`);
    await expect(
      new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject)),
    ).rejects.toThrow();
  });
});
