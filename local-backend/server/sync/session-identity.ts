/**
 * Who a sync connection's client is, and the number of its identity in the protocol.
 * An `Authenticate` message switches it once its token checks out; a token that expires while
 * the client is connected is reported, so the client fetches a fresh one. An admin key (the
 * `npx convex` CLI) makes the connection an administrator's, which may reach internal and
 * system functions, acting as nobody or as the identity it names (`impersonating`).
 */
import type { Access, Identity } from "../../engine/types";
import { BAD_ADMIN_KEY, identityToActAs, type AdminKeyCheck } from "../admin/admin-auth";
import { identityKey, type TokenVerifier } from "../identity";
import type { ClientMessage } from "./protocol";

type Authenticate = Extract<ClientMessage, { type: "Authenticate" }>;

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2_147_483_647;

export class SessionIdentity {
  identity: Identity = null;
  /** "internal" once an admin key checked out: internal and system functions are reachable. */
  access: Access = "public";
  /** The identity's number in StateVersion.identity. */
  version = 0;
  /** identityKey(identity): same key, same caller for shared query results. */
  key = identityKey(null);
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly adminKey: AdminKeyCheck,
    /** Called when the current token expires, with the version it was set at. */
    private readonly onExpired: (version: number) => void,
  ) {}

  /** Switches to the identity `message` carries; returns why it was refused, or null. */
  async authenticate(message: Authenticate): Promise<string | null> {
    let identity: Identity = null;
    let expiresAt: number | null = null;
    let access: Access = "public";
    if (message.tokenType === "Admin") {
      if (!this.adminKey.matches(message.value)) return BAD_ADMIN_KEY.message;
      if (message.impersonating !== undefined) {
        identity = identityToActAs(message.impersonating);
        if (identity === null) return "The identity to act as needs subject, issuer and tokenIdentifier";
      }
      access = "internal";
    } else if (message.tokenType === "User") {
      try {
        ({ identity, expiresAt } = await this.verifier.verify(message.value));
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
    this.identity = identity;
    this.access = access;
    // An administrator's runs are not a user's (they may reach more), so they never share results.
    this.key = access === "internal" ? `admin:${identityKey(identity)}` : identityKey(identity);
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
