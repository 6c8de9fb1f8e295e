/**
 * A WebSocket as the sync session sees it, with a bound on what waits to be sent. A client that
 * stops reading (a frozen tab, a hostile script) would otherwise make the server buffer every
 * Transition for it without end; past the bound the connection is dropped, and the official
 * client reconnects and subscribes again when it reads again.
 */
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import type { Log } from "../failure";
import { MAX_QUEUED_BYTES, MAX_QUEUED_MESSAGES } from "./connection-limits";
import type { SessionSocket } from "./sync-session";

export function boundedSocket(ws: WebSocket, log: Log): SessionSocket {
  let queuedMessages = 0;
  const written = () => {
    queuedMessages--;
  };
  return {
    send(text: string): void {
      // What is still waiting from earlier sends; one message of any size passes an empty queue.
      const queuedBytes = ws.bufferedAmount;
      if (queuedMessages >= MAX_QUEUED_MESSAGES || queuedBytes > MAX_QUEUED_BYTES) {
        log(
          `sync: dropping a connection that does not read (${queuedMessages} messages, ${queuedBytes} bytes waiting)`,
        );
        ws.terminate();
        return;
      }
      queuedMessages++;
      holdUntilNextTurn(ws);
      ws.send(text, written);
    },
    close(code: number, reason: string): void {
      ws.close(code, reason);
    },
  };
}

/**
 * Sends made in one stretch of work (a tick's query runs between two turns of the event loop)
 * leave together: a connection's socket is corked at its first send and uncorked at the next
 * turn. Every client of the local backend is a process on this machine (it listens on
 * 127.0.0.1), and a write to one that sleeps wakes it inside the server's system call: 26 µs a
 * send when spread out, 4–5 µs back to back (measured with 100 ws clients in one process). A
 * browser's sockets all live in its network process, so a burst wakes it about once.
 */
const held = new Set<Socket>();

function holdUntilNextTurn(ws: WebSocket): void {
  // ws keeps its net.Socket as `_socket`; without one (another ws version) sends go out at once.
  const socket = (ws as unknown as { _socket?: Socket })._socket;
  if (socket === undefined || typeof socket.cork !== "function" || held.has(socket)) return;
  if (held.size === 0) setImmediate(releaseHeld);
  socket.cork();
  held.add(socket);
}

function releaseHeld(): void {
  for (const socket of held) socket.uncork();
  held.clear();
}
