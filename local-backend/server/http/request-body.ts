/**
 * Request bodies are read whole into memory (function arguments, uploads, import parts, the
 * routes of convex/http.ts), each up to its endpoint's limit (16 MiB and more). So that many
 * slow or large requests together cannot grow the process without end, one budget caps the
 * bytes of bodies held at once: a request reserves its bytes as they arrive and gives them all
 * back when it is done (answered or failed) or its connection closes. A request whose next
 * bytes would go past the budget is refused with 503 and its connection closed; requests already
 * holding their share go on, and new ones are served again as soon as there is room.
 *
 * A body that never completes (slowloris) holds its share until node:http's request timeout
 * closes its connection (REQUEST_TIMEOUT_MS in ../start-server.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { formatBytes } from "../../engine/value-limits";

/**
 * 256 MiB: two of the largest uploads (100 MiB) or about fifteen calls with Convex's largest
 * arguments (16 MiB) at once, more than the app, the CLI and the tests ever send together, and
 * still little beside the in-memory database on a developer's machine.
 */
export const REQUEST_BODY_BUDGET_BYTES = 256 * 1024 * 1024;

/**
 * Bytes of request bodies held in memory, against a capacity, of which the requests of one
 * remote client address may hold half: bodies sent slowly from one address can no longer hold
 * all of it and have every other client's calls and uploads refused until the request timeout.
 * Half is still more than the largest body any endpoint takes (a 100 MiB upload). Clients on this
 * machine (loopback addresses) are not held to a share: by default they are the only clients,
 * all of one address, and a share would halve what they have together.
 */
export class BodyBudget {
  private held = 0;
  private readonly heldByAddress = new Map<string, number>();
  readonly perAddressBytes: number;

  constructor(
    readonly capacityBytes: number,
    /** Whether an address's requests are held to a share (tests treat 127.x.y.z as remote). */
    private readonly sharedOut: (address: string) => boolean = (address) => !isLoopback(address),
  ) {
    this.perAddressBytes = capacityBytes / 2;
  }

  get heldBytes(): number {
    return this.held;
  }

  /**
   * Reserves `bytes` for `address` when they fit and returns null; otherwise reserves nothing and
   * says which bound they would pass.
   */
  tryReserve(bytes: number, address: string): "budget" | "address" | null {
    const ofAddress = this.heldByAddress.get(address) ?? 0;
    if (ofAddress + bytes > this.perAddressBytes && this.sharedOut(address)) return "address";
    if (this.held + bytes > this.capacityBytes) return "budget";
    this.held += bytes;
    this.heldByAddress.set(address, ofAddress + bytes);
    return null;
  }

  release(bytes: number, address: string): void {
    if (bytes === 0) return;
    this.held -= bytes;
    const left = (this.heldByAddress.get(address) ?? 0) - bytes;
    if (left > 0) this.heldByAddress.set(address, left);
    else this.heldByAddress.delete(address);
  }
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. */
function isLoopback(address: string): boolean {
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return ipv4.startsWith("127.") || address === "::1";
}

/**
 * The budget of the process: memory is the process's, so every server in it shares this one
 * (LocalBackendOptions.bodyBudget gives a server another, for tests).
 */
export const processBodyBudget = new BodyBudget(REQUEST_BODY_BUDGET_BYTES);

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`request body is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** Answered with 503: the request is fine, the backend has no room for it now. */
export class BodyBudgetExhaustedError extends Error {
  constructor(budget: BodyBudget, full: "budget" | "address") {
    super(
      full === "budget"
        ? `The local backend is busy: the request bodies it is receiving already hold ${formatBytes(budget.capacityBytes)}, ` +
            "as much as it keeps at once. Try again in a moment."
        : `The local backend is busy: the request bodies it is receiving from your address already hold ` +
            `${formatBytes(budget.perAddressBytes)}, as much as it keeps at once for one address. Try again in a moment.`,
    );
    this.name = "BodyBudgetExhaustedError";
  }
}

/** The client went away before its body was whole: there is nobody to answer. */
export class BodyAbortedError extends Error {
  constructor() {
    super("the client closed the connection before sending the whole request body");
    this.name = "BodyAbortedError";
  }
}

/** One request's body, read against the budget; its bytes stay reserved until release(). */
export class RequestBody {
  private reserved = 0;

  /** Whose share of the budget this body takes. */
  private readonly address: string;

  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly budget: BodyBudget,
  ) {
    this.address = request.socket.remoteAddress ?? "";
  }

  /** The whole body, at most `limit` bytes. */
  read(limit: number): Promise<Buffer> {
    const { request } = this;
    return new Promise((resolve, reject) => {
      // A connection already gone emits nothing more: without this the promise would wait forever.
      if (request.destroyed) {
        reject(new BodyAbortedError());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const stopListening = () => {
        request.off("data", onData);
        request.off("end", onEnd);
        request.off("error", onGone);
        request.off("close", onGone);
      };
      const refuse = (error: Error) => {
        stopListening();
        this.release(); // the chunks read so far are dropped with it
        // The rest is read and dropped as it comes, holding nothing, so the client can finish
        // sending and read the answer; the connection closes once the answer is written.
        if (!this.response.headersSent) this.response.setHeader("Connection", "close");
        request.resume();
        reject(error);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) refuse(new BodyTooLargeError(limit));
        else {
          const full = this.budget.tryReserve(chunk.length, this.address);
          if (full !== null) {
            refuse(new BodyBudgetExhaustedError(this.budget, full));
            return;
          }
          this.reserved += chunk.length;
          chunks.push(chunk);
        }
      };
      const onEnd = () => {
        stopListening();
        resolve(Buffer.concat(chunks, size));
      };
      // A closed connection (the client left, or the request timeout closed it) ends the read,
      // so its reservation is given back when the request's handling settles.
      const onGone = () => {
        stopListening();
        this.release();
        reject(new BodyAbortedError());
      };
      request.on("data", onData);
      request.on("end", onEnd);
      request.on("error", onGone);
      request.on("close", onGone);
    });
  }

  /** Gives back every byte this request reserved; safe to call more than once. */
  release(): void {
    this.budget.release(this.reserved, this.address);
    this.reserved = 0;
  }
}
