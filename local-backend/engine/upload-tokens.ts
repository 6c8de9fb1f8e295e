/**
 * Tokens of upload URLs (`ctx.storage.generateUploadUrl()`): signed with a key derived from
 * the deployment's private key, valid for an hour and for ONE upload, so only URLs handed out
 * by a function accept uploads and a leaked URL cannot be used to store more files.
 * Used tokens are remembered in memory until they expire; tokens issued before this engine
 * opened are refused (their use may have been forgotten), so a restart ends pending URLs.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const VALID_FOR_MS = 60 * 60 * 1000;

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
    const [issued = "", nonce = "", signature = ""] = token.split(".");
    if (!/^[0-9]+$/.test(issued) || nonce === "") return false;
    const issuedAt = Number(issued);
    const expires = issuedAt + VALID_FOR_MS;
    if (issuedAt < this.openedAt || expires < now || this.used.has(nonce)) return false;
    const expected = Buffer.from(this.sign(`${issued}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    this.forgetExpired(now);
    this.used.set(nonce, expires);
    return true;
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
