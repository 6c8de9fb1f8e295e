/**
 * The admin key at the door, as a Convex deployment checks it: HTTP requests carry
 * `Authorization: Convex <key>` (or `Convex <key>:<base64 JSON identity>` to act as a user,
 * `npx convex run --identity`), sync connections an Authenticate of tokenType "Admin" with the
 * key and an optional `impersonating` identity. Keys are compared in constant time.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Identity } from "../../engine/types";

/** Convex's answer to a wrong key (403, code BadDeployKey), word for word. */
export const BAD_ADMIN_KEY = {
  code: "BadDeployKey",
  message:
    "The provided deploy key was invalid for this deployment. Double check that the environment this key was " +
    "generated for matches the desired deployment.",
};

/** An admin endpoint called without a key. */
export const MISSING_ADMIN_KEY = {
  code: "Unauthenticated",
  message:
    "This endpoint needs the deployment's admin key (Authorization: Convex <key>; `npm run admin-key` prints it)",
};

/** What an HTTP request's Authorization header says about the admin key. */
export type AdminCredential =
  { kind: "none" } | { kind: "admin"; actingAs: Identity } | { kind: "refused"; reason: "wrong key" | "bad identity" };

export class AdminKeyCheck {
  private readonly digest: Buffer;

  constructor(key: string) {
    this.digest = sha256(key);
  }

  /** Whether `candidate` is the key; takes the same time whatever it is (both sides are hashed first). */
  matches(candidate: string): boolean {
    return timingSafeEqual(sha256(candidate), this.digest);
  }

  /** The request's `Authorization: Convex …` header checked; "none" when it has no such header. */
  ofRequest(request: IncomingMessage): AdminCredential {
    const header = request.headers.authorization;
    const match = header === undefined ? null : /^Convex\s+(\S+)$/i.exec(header);
    if (match === null) return { kind: "none" };
    const value = match[1] ?? "";
    // Keys hold no ':'; what follows one is the identity to act as.
    const colon = value.indexOf(":");
    const key = colon === -1 ? value : value.slice(0, colon);
    if (!this.matches(key)) return { kind: "refused", reason: "wrong key" };
    if (colon === -1) return { kind: "admin", actingAs: null };
    const actingAs = decodeIdentity(value.slice(colon + 1));
    return actingAs === null ? { kind: "refused", reason: "bad identity" } : { kind: "admin", actingAs };
  }
}

/**
 * The identity an admin acts as (the CLI fills subject, issuer and tokenIdentifier); null when
 * it is not such an object.
 */
export function identityToActAs(value: unknown): Identity {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { subject, issuer, tokenIdentifier } = value as Record<string, unknown>;
  if (typeof subject !== "string" || typeof issuer !== "string" || typeof tokenIdentifier !== "string") return null;
  return value as NonNullable<Identity>;
}

function decodeIdentity(base64: string): Identity {
  try {
    return identityToActAs(JSON.parse(Buffer.from(base64, "base64").toString("utf8")));
  } catch {
    return null;
  }
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
