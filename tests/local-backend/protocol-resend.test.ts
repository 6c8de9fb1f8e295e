/**
 * The official client sends a mutation again, with the same session id and request id, when it
 * reconnects before getting the answer (the server was killed after the commit, or the network
 * dropped). The next backend, on the same folder, answers the resend with the recorded result and
 * writes nothing (issue 10, item 8); another session's request 0 is another mutation.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import WebSocket from "ws";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import { FIXTURE_FUNCTIONS, listNotes } from "./engine-test-env";

const dataDir = mkdtempSync(path.join(tmpdir(), "protocol-resend-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type MutationResponse = { type: "MutationResponse"; requestId: number; success: boolean; result?: unknown };

async function start(): Promise<LocalBackend> {
  return await startLocalBackend({ port: 0, dataDir, seed: false, modulesDir: FIXTURE_FUNCTIONS, log: () => {} });
}

/** Connects as the client `sessionId`, sends one mutation as request `requestId`, returns the answer. */
async function sendMutation(
  url: string,
  sessionId: string,
  requestId: number,
  text: string,
): Promise<MutationResponse> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const answer = new Promise<MutationResponse>((resolve) =>
    socket.on("message", (data: Buffer) => {
      const message = JSON.parse(data.toString("utf8")) as { type: string };
      if (message.type === "MutationResponse") resolve(message as MutationResponse);
    }),
  );
  socket.send(JSON.stringify({ type: "Connect", sessionId, connectionCount: 0, lastCloseReason: null, clientTs: 0 }));
  socket.send(JSON.stringify({ type: "Mutation", requestId, udfPath: "notes:add", args: [{ text }] }));
  const response = await answer;
  socket.close();
  return response;
}

it("answers a resend after a restart with the recorded result, and stores the note once", async () => {
  const first = await start();
  const original = await sendMutation(first.url, "tab-1", 0, "sent once, answer lost");
  expect(original).toMatchObject({ success: true, result: expect.any(String) });
  await first.close();

  const second = await start();
  try {
    const resent = await sendMutation(second.url, "tab-1", 0, "sent once, answer lost");
    expect(resent).toMatchObject({ success: true, result: original.result });
    const otherTab = await sendMutation(second.url, "tab-2", 0, "another tab's first mutation");
    expect(otherTab.result).not.toBe(original.result);
    expect((await listNotes(second.engine)).map((note) => note.text)).toEqual([
      "sent once, answer lost",
      "another tab's first mutation",
    ]);
  } finally {
    await second.close();
  }
});
