/**
 * A WebSocket as the sync session sees it, with a bound on what waits to be sent. A client that
 * stops reading (a frozen tab, a hostile script) would otherwise make the server buffer every
 * Transition for it without end; past the bound the connection is dropped, and the official
 * client reconnects and subscribes again when it reads again.
 */
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
      ws.send(text, written);
    },
    close(code: number, reason: string): void {
      ws.close(code, reason);
    },
  };
}
