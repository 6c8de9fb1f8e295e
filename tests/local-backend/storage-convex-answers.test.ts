/**
 * File storage answers as a Convex deployment does (issue 34), each case from convex-backend's
 * source: `getMetadata`'s sha256 in hex while `_storage` documents keep base64
 * (isolate async_syscall.rs `as_hex`, model file_storage/virtual_table.rs `as_base64`), the
 * upload's `Digest` header checked (file_storage core.rs `Sha256Mismatch`, local_backend
 * storage.rs `BadHeader`), token refusals (keybroker broker.rs), a Range on an empty file (200,
 * no Content-Range) and a delete of a missing file (`storage id … not found`).
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import {
  TOKEN_EXPIRED,
  TOKEN_FROM_BEFORE_RESTART,
  TOKEN_INVALID,
  TOKEN_USED,
  UploadTokens,
} from "../../local-backend/engine/upload-tokens";
import { FIXTURE_FUNCTIONS, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

const HOUR_MS = 60 * 60 * 1000;
const BYTES = new TextEncoder().encode("the stored bytes");
const BASE64 = createHash("sha256").update(BYTES).digest("base64");
const HEX = createHash("sha256").update(BYTES).digest("hex");

type Answer = { status: number; json: Record<string, unknown> };

describe("file storage as Convex answers it", () => {
  let backend: LocalBackend;

  beforeAll(async () => {
    const dataDir = temporaryDataDir();
    backend = await startLocalBackend({ port: 0, dataDir, modulesDir: FIXTURE_FUNCTIONS, seed: false, log: () => {} });
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    removeTemporaryDataDirs();
  });

  const uploadUrl = async () => (await backend.engine.runMutation("notes:uploadUrl", {}, null)) as string;

  async function upload(url: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain", ...headers }, body });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> } satisfies Answer;
  }

  async function stored(body: Uint8Array<ArrayBuffer>): Promise<string> {
    const answer = await upload(await uploadUrl(), body);
    expect(answer.status).toBe(200);
    return answer.json.storageId as string;
  }

  it("gives getMetadata's sha256 in hex and keeps base64 in the _storage document", async () => {
    const storageId = await stored(BYTES);
    const metadata = await backend.engine.admin.run(async (ctx) => await ctx.storage.getMetadata(storageId as never));
    expect(metadata).toEqual({ storageId, sha256: HEX, size: BYTES.byteLength, contentType: "text/plain" });
    const fromAction = await backend.engine.admin.runAction(
      async (ctx) => await ctx.storage.getMetadata(storageId as never),
    );
    expect(fromAction?.sha256).toBe(HEX);
    const document = await backend.engine.admin.run(async (ctx) => await ctx.db.system.get(storageId as never));
    expect(document).toMatchObject({ sha256: BASE64, size: BYTES.byteLength, contentType: "text/plain" });
  });

  it("stores an upload whose Digest header matches, refuses one that does not and keeps the URL", async () => {
    const url = await uploadUrl();
    const wrong = createHash("sha256").update("other bytes").digest("base64");
    const refused = await upload(url, BYTES, { Digest: `sha-256=${wrong}` });
    expect(refused).toEqual({
      status: 400,
      json: { code: "Sha256Mismatch", message: `Sha256 mismatch. Expected: ${wrong} Actual: ${BASE64}` },
    });
    const malformed = await upload(url, BYTES, { Digest: `sha-256=${HEX}` });
    expect(malformed).toEqual({
      status: 400,
      json: { code: "BadHeader", message: "Bad header for digest: invalid HTTP header" },
    });
    // Nothing was stored by either: the same URL then takes the right bytes.
    const accepted = await upload(url, BYTES, { Digest: `sha-256=${BASE64}` });
    expect(accepted.status).toBe(200);
    const served = await fetch(`${backend.url}/api/storage/${accepted.json.storageId as string}`);
    expect(served.headers.get("digest")).toBe(`sha-256=${BASE64}`);
    expect(await served.text()).toBe("the stored bytes");
  });

  it("refuses bad and spent tokens with Convex's codes, 401", async () => {
    const url = new URL(await uploadUrl());
    const token = url.searchParams.get("token") ?? "";
    const forged = new URL(url);
    forged.searchParams.set(
      "token",
      token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    );
    expect(await upload(forged.toString(), BYTES)).toEqual({ status: 401, json: TOKEN_INVALID });
    expect(await upload(`${backend.url}/api/storage/upload?token=nonsense`, BYTES)).toEqual({
      status: 401,
      json: { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" },
    });
    expect((await upload(url.toString(), BYTES)).status).toBe(200);
    expect(await upload(url.toString(), BYTES)).toEqual({ status: 401, json: TOKEN_USED });
  });

  it("answers a Range on an empty file with the whole empty file, 200 without Content-Range", async () => {
    const storageId = await stored(new Uint8Array(0));
    for (const range of ["bytes=0-", "bytes=0-99", "bytes=-5"]) {
      const response = await fetch(`${backend.url}/api/storage/${storageId}`, { headers: { Range: range } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-range")).toBeNull();
      expect(response.headers.get("content-length")).toBe("0");
      expect(await response.text()).toBe("");
    }
    // A non-empty file still gets its part.
    const other = await stored(BYTES);
    const part = await fetch(`${backend.url}/api/storage/${other}`, { headers: { Range: "bytes=0-2" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-2/${BYTES.byteLength}`);
    expect(part.headers.get("digest")).toBeNull();
  });

  it("fails a delete of a missing file with Convex's message, in mutations and actions", async () => {
    const storageId = await stored(BYTES);
    await backend.engine.runMutation("notes:deleteFile", { storageId }, null);
    await expect(backend.engine.runMutation("notes:deleteFile", { storageId }, null)).rejects.toThrow(
      `storage id ${storageId} not found`,
    );
    await expect(
      backend.engine.admin.runAction(async (ctx) => await ctx.storage.delete(storageId as never)),
    ).rejects.toThrow(`storage id ${storageId} not found`);
  });
});

describe("upload tokens", () => {
  it("expire an hour after they are issued, as Convex's (issued + validity <= now)", () => {
    const opened = Date.now();
    const tokens = new UploadTokens("secret", opened);
    const token = tokens.issue(opened);
    expect(tokens.take(token, opened + HOUR_MS)).toEqual(TOKEN_EXPIRED);
    expect(tokens.take(token, opened + HOUR_MS - 1)).toBeNull();
  });

  it("end at a restart, as expired, and a forged one is invalid whatever its age", () => {
    const issuedAt = Date.now();
    const token = new UploadTokens("secret", issuedAt).issue(issuedAt);
    const restarted = new UploadTokens("secret", issuedAt + 1);
    expect(restarted.take(token, issuedAt + 2)).toEqual(TOKEN_FROM_BEFORE_RESTART);
    expect(TOKEN_FROM_BEFORE_RESTART.code).toBe("StorageTokenExpired");
    expect(new UploadTokens("another secret", issuedAt).take(token, issuedAt + 2)).toEqual(TOKEN_INVALID);
  });
});
