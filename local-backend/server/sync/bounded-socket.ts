/**
 * A WebSocket as the sync session sees it, with a bound on what waits to be sent. A client that
 * stops reading (a frozen tab, a hostile script) would otherwise make the server buffer every
 * Transition for it without end; past the bound the connection is dropped, and the official
 * client reconnects and subscribes again when it reads again. The bound holds per connection and,
 * through one SendBacklog per server, for all connections together.
 */
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import type { Log } from "../failure";
import {
  MAX_QUEUED_BYTES,
  MAX_QUEUED_BYTES_ALL_CONNECTIONS,
  MAX_QUEUED_MESSAGES,
  PASS_OVER_UNREAD_AFTER_MS,
} from "./connection-limits";
import type { SessionSocket } from "./sync-session";

/**
 * What waits to be sent to every connection of one server, as each last reported it (after a
 * send, and whenever a write reaches the operating system). Past `limit` in all, the connections
 * with the most waiting are dropped, heaviest first, until the rest fit.
 */
export class SendBacklog {
  private readonly waiting = new Map<WebSocket, number>();
  private total = 0;

  constructor(
    private readonly log: Log,
    readonly limit: number = MAX_QUEUED_BYTES_ALL_CONNECTIONS,
  ) {}

  /** Bytes waiting for all connections together. */
  get totalBytes(): number {
    return this.total;
  }

  /** Records what `ws` has waiting now, then drops the heaviest connections while all hold too much. */
  note(ws: WebSocket, bytes: number): void {
    this.set(ws, bytes);
    while (this.total > this.limit) {
      let heaviest: WebSocket | undefined;
      let most = -1;
      for (const [socket, held] of this.waiting) {
        if (held > most) [heaviest, most] = [socket, held];
      }
      if (heaviest === undefined) return;
      this.log(
        `sync: dropping the connection with the most waiting (${most} bytes): all connections together have more than ${this.limit} bytes waiting`,
      );
      this.set(heaviest, 0);
      heaviest.terminate();
    }
  }

  /** The connection closed: what it had waiting is gone. */
  forget(ws: WebSocket): void {
    this.set(ws, 0);
  }

  private set(ws: WebSocket, bytes: number): void {
    this.total += bytes - (this.waiting.get(ws) ?? 0);
    if (bytes > 0) this.waiting.set(ws, bytes);
    else this.waiting.delete(ws);
  }
}

export function boundedSocket(ws: WebSocket, log: Log, backlog: SendBacklog): SessionSocket {
  let queuedMessages = 0;
  // Since when the operating system has not taken all that was sent (null: it has), whether the
  // hub was told to pass the connection over, and who to tell once it has taken everything.
  let unreadSince: number | null = null;
  let passedOver = false;
  let taken: (() => void) | undefined;
  // Counted once this turn's sends have gone to the operating system (what it could not take is
  // the backlog), not while they wait corked: a broadcast to every client is not a backlog.
  const noteBacklog = () => {
    const bytes = ws.bufferedAmount;
    backlog.note(ws, bytes);
    if (bytes > 0) unreadSince ??= performance.now();
    else {
      unreadSince = null;
      if (passedOver) {
        passedOver = false;
        taken?.();
      }
    }
  };
  const written = () => {
    queuedMessages--;
    noteBacklog();
  };
  ws.once("close", () => backlog.forget(ws));
  return {
    send(text: string): void {
      // What is still waiting from earlier sends; one message of any size passes an empty queue.
      const queuedBytes = ws.bufferedAmount;
      if (queuedMessages >= MAX_QUEUED_MESSAGES || queuedBytes > MAX_QUEUED_BYTES) {
        log(
          `sync: dropping a connection that does not read (${queuedMessages} messages, ${queuedBytes} bytes waiting)`,
        );
        backlog.forget(ws);
        ws.terminate();
        return;
      }
      queuedMessages++;
      const corked = holdUntilNextTurn(ws, noteBacklog);
      ws.send(text, written);
      if (!corked) noteBacklog();
    },
    close(code: number, reason: string): void {
      ws.close(code, reason);
    },
    // The query hub passes over a connection that has left sends untaken for a second, so a
    // client that stops reading holds about a second's Transitions here (the rest waits in the
    // kernel's socket buffers, not in this process) and costs no query runs until it reads again.
    unread(): boolean {
      passedOver ||= unreadSince !== null && performance.now() - unreadSince >= PASS_OVER_UNREAD_AFTER_MS;
      return passedOver;
    },
    onTaken(listener: () => void): void {
      taken = listener;
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
const held = new Map<Socket, () => void>();

/** Corks `ws` until the next turn, then calls `released`; false when its sends go out at once. */
function holdUntilNextTurn(ws: WebSocket, released: () => void): boolean {
  // ws keeps its net.Socket as `_socket`; without one (another ws version) sends go out at once.
  const socket = (ws as unknown as { _socket?: Socket })._socket;
  if (socket === undefined || typeof socket.cork !== "function") return false;
  if (held.has(socket)) return true;
  if (held.size === 0) setImmediate(releaseHeld);
  socket.cork();
  held.set(socket, released);
  return true;
}

function releaseHeld(): void {
  const sockets = [...held];
  held.clear();
  for (const [socket] of sockets) socket.uncork();
  for (const [, released] of sockets) released();
}
