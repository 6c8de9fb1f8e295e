/**
 * Tokens of upload URLs (`ctx.storage.generateUploadUrl()`): signed with a key derived from
 * the deployment's private key, valid for an hour and for ONE upload, so only URLs handed out
 * by a function accept uploads and a leaked URL cannot be used to store more files.
 * Used tokens are remembered in memory until they expire; tokens issued before this engine
 * opened are refused (their use may have been forgotten), so a restart ends pending URLs.
 *
 * A refused token gets Convex's answer (keybroker's check_store_file_authorization): code
 * `StorageTokenInvalid` for one that does not decode, `StorageTokenExpired` for one past its
 * hour. The two refusals Convex does not have (a URL used already, a URL from before a restart)
 * answer with the same codes, so a client handles them as it would on Convex: ask for a new URL.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const VALID_FOR_MS = 60 * 60 * 1000;

/** Why an upload URL's token was refused: the code and message of the 401 answer. */
export type UploadTokenRefusal = { code: "StorageTokenInvalid" | "StorageTokenExpired"; message: string };

/** Convex's texts (convex-backend crates/keybroker/src/broker.rs). */
export const TOKEN_INVALID: UploadTokenRefusal = {
  code: "StorageTokenInvalid",
  message: "Couldn't decode the StoreFileAuthorization token",
};
export const TOKEN_EXPIRED: UploadTokenRefusal = {
  code: "StorageTokenExpired",
  message: "Store File Authorization expired",
};
/** Ours: Convex's URLs take any number of uploads within their hour; ours take one. */
export const TOKEN_USED: UploadTokenRefusal = {
  code: "StorageTokenInvalid",
  message: "This upload URL was used already; each upload URL of the local backend stores one file",
};
/** Ours: used tokens are remembered in memory only, so a restart ends the URLs issued before it. */
export const TOKEN_FROM_BEFORE_RESTART: UploadTokenRefusal = {
  code: "StorageTokenExpired",
  message: "Store File Authorization expired (the local backend restarted since this upload URL was issued)",
};

export class UploadTokens {
  private readonly key: Buffer;
  private readonly openedAt: number;
  /** Nonces of tokens already used, with their expiry (pruned as they expire). */
  private readonly used = new Map<string, number>();

  constructor(secret: string, now = Date.now()) {
    this.key = createHash("sha256").update(`upload-tokens:${secret}`).digest();
    this.openedAt = now;
  }

  issue(now = Date.now()): string {
    const payload = `${now}.${randomBytes(16).toString("base64url")}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** True once for a token this engine issued within the hour; it is spent from then on. */
  use(token: string, now = Date.now()): boolean {
    return this.take(token, now) === null;
  }

  /**
   * Spends a token this engine issued within the hour (null), or says why it is refused. The
   * signature is checked first, so a forged token learns nothing about expiry or use.
   */
  take(token: string, now = Date.now()): UploadTokenRefusal | null {
    const [issued = "", nonce = "", signature = ""] = token.split(".");
    if (!/^[0-9]+$/.test(issued) || nonce === "") return TOKEN_INVALID;
    const expected = Buffer.from(this.sign(`${issued}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return TOKEN_INVALID;
    const issuedAt = Number(issued);
    const expires = issuedAt + VALID_FOR_MS;
    // Convex: expired once `issued + validity <= now`.
    if (expires <= now) return TOKEN_EXPIRED;
    if (issuedAt < this.openedAt) return TOKEN_FROM_BEFORE_RESTART;
    if (this.used.has(nonce)) return TOKEN_USED;
    this.forgetExpired(now);
    this.used.set(nonce, expires);
    return null;
  }

  /**
   * Makes a token spent by `use` usable again: its upload did not happen (the body never came
   * whole, or the backend was too busy to take it), so the client may send it again.
   */
  giveBack(token: string): void {
    const [, nonce = ""] = token.split(".");
    this.used.delete(nonce);
  }

  private forgetExpired(now: number): void {
    for (const [nonce, expires] of this.used) if (expires < now) this.used.delete(nonce);
  }

  private sign(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }
}
