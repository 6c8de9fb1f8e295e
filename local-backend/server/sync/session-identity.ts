/**
 * Who a sync connection's client is, and the number of its identity in the protocol.
 * An `Authenticate` message switches it once its token checks out; a token that expires while
 * the client is connected is reported, so the client fetches a fresh one.
 */
import type { Identity } from "../../engine/types";
import { identityKey, type TokenVerifier } from "../identity";
import type { ClientMessage } from "./protocol";

type Authenticate = Extract<ClientMessage, { type: "Authenticate" }>;

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2_147_483_647;

export class SessionIdentity {
  identity: Identity = null;
  /** The identity's number in StateVersion.identity. */
  version = 0;
  /** identityKey(identity): same key, same caller for shared query results. */
  key = identityKey(null);
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly verifier: TokenVerifier,
    /** Called when the current token expires, with the version it was set at. */
    private readonly onExpired: (version: number) => void,
  ) {}

  /** Switches to the identity `message` carries; returns why it was refused, or null. */
  async authenticate(message: Authenticate): Promise<string | null> {
    if (message.tokenType === "Admin") return "Admin keys are not supported by the local backend";
    let identity: Identity = null;
    let expiresAt: number | null = null;
    if (message.tokenType === "User") {
      try {
        ({ identity, expiresAt } = await this.verifier.verify(message.value));
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
    this.identity = identity;
    this.key = identityKey(identity);
    // The client numbers its identities; ours follows its count even after one it dropped.
    this.version = message.baseVersion + 1;
    this.watchExpiry(expiresAt);
    return null;
  }

  dispose(): void {
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  private watchExpiry(expiresAt: number | null): void {
    this.dispose();
    if (expiresAt === null) return;
    const version = this.version;
    const delay = Math.min(Math.max(0, expiresAt * 1000 - Date.now()), MAX_TIMER_MS);
    this.expiryTimer = setTimeout(() => {
      if (this.version === version) this.onExpired(version);
    }, delay);
    this.expiryTimer.unref();
  }
}
