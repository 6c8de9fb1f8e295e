/**
 * Tokens of upload URLs (`ctx.storage.generateUploadUrl()`): signed with a key derived from
 * the deployment's private key and valid for an hour, like Convex's, so only URLs handed out
 * by a function accept uploads. They survive restarts because the key does.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const VALID_FOR_MS = 60 * 60 * 1000;

export class UploadTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`upload-tokens:${secret}`).digest();
  }

  issue(now = Date.now()): string {
    const expires = String(now + VALID_FOR_MS);
    return `${expires}.${this.sign(expires)}`;
  }

  isValid(token: string, now = Date.now()): boolean {
    const [expires = "", signature = ""] = token.split(".");
    if (!/^[0-9]+$/.test(expires) || Number(expires) < now) return false;
    const expected = Buffer.from(this.sign(expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(expires: string): string {
    return createHmac("sha256", this.key).update(expires).digest("base64url");
  }
}
