/**
 * A raw sync-protocol connection to a local backend serving the engine fixture, subscribed to
 * `notes:list`: for tests of what the server sends a connection (and holds for one that does
 * not read), below what the Convex client would hide.
 */
import WebSocket from "ws";

export type SyncMessage = Record<string, unknown> & { type: string };

export type NotesSyncClient = {
  socket: WebSocket;
  /** Every message the server sent, parsed, in order. */
  messages: SyncMessage[];
  closed: () => boolean;
};

/** Connects, subscribes to notes:list and resolves once the first Transition is in. */
export async function subscribeToNotes(url: string, sessionId: string): Promise<NotesSyncClient> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  const messages: SyncMessage[] = [];
  let closeCode: number | null = null;
  socket.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString("utf8")) as SyncMessage));
  socket.on("close", (code) => (closeCode = code));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  socket.send(JSON.stringify({ type: "Connect", sessionId, connectionCount: 0, lastCloseReason: null, clientTs: 0 }));
  socket.send(
    JSON.stringify({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "notes:list", args: [{}] }],
    }),
  );
  for (let waited = 0; !messages.some((message) => message.type === "Transition"); waited += 10) {
    if (waited > 10_000) throw new Error("no first Transition");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { socket, messages, closed: () => closeCode !== null };
}

/** The length of each notes list the client was sent, in order. */
export function notesListLengths(messages: readonly SyncMessage[]): number[] {
  return messages
    .filter((message) => message.type === "Transition")
    .flatMap((message) => message.modifications as { value?: unknown[] }[])
    .map((modification) => modification.value?.length ?? 0);
}
