/**
 * docs/deployment.md "Moving data", checked end to end with the real Convex CLI between two
 * local backends: export from the first with file storage (components' tables come along),
 * carry the session key pair with `env get`/`env set`, import into a fresh second one with
 * `--replace-all`, and find the same session token signed in, every table and component
 * table as it was, the totals equal to their rows and the uploads served byte for byte.
 *
 * The second backend takes the first one's address (stopped first): the token's issuer is the
 * deployment's site URL, so a session survives a move only where the URL stays (the docs say
 * what a new URL does).
 */
import { ConvexHttpClient } from "convex/browser";
import type { JSONValue } from "convex/values";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { getCounter } from "../../convex/lib/counters";
import type { Engine } from "../../local-backend/engine/types";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import { runConvexCli, type CliResult } from "./convex-cli-env";
import { newClient, signInToken } from "./server-fixture/protocol-env";

/** `npx convex <args>` against a backend, with its admin key, offline. */
function convex(backend: LocalBackend, args: string[]): Promise<CliResult> {
  return runConvexCli(args, backend.url, backend.engine.adminKey);
}

/** Every user table of the app and of each component, keyed "<component path>:<table>". */
function contentsOf(engine: Engine): Record<string, JSONValue[]> {
  const contents: Record<string, JSONValue[]> = {};
  for (const componentPath of ["", ...engine.admin.componentPaths()]) {
    for (const table of engine.admin.tables(componentPath)) {
      if (!table.startsWith("_")) contents[`${componentPath}:${table}`] = engine.admin.documents(table, componentPath);
    }
  }
  return contents;
}

const folders: string[] = [];
const newFolder = (prefix: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
const running: LocalBackend[] = [];

afterAll(async () => {
  for (const backend of running) await backend.close().catch(() => {});
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("moving a deployment's data to a fresh one (docs/deployment.md, Moving data)", () => {
  it("keeps the session, every table and component table, the totals and the uploads", async () => {
    const quiet = () => {};
    const first = await startLocalBackend({ port: 0, dataDir: newFolder("move-first-"), seed: true, log: quiet });
    running.push(first);

    // A session and an upload on the first deployment.
    const { client } = newClient(first.url);
    const token = await signInToken(client, "alice@example.com");
    await client.close();
    const picture = new Uint8Array(4096).map((_, index) => (index * 7) % 256);
    const storageId = await first.engine.storeFile(new Blob([picture], { type: "image/png" }));
    const viewerBefore = await asSignedIn(first.url, token);
    expect(viewerBefore?.email).toBe("alice@example.com");

    // 1. Export with file storage (components' tables are always in it).
    const snapshot = path.join(newFolder("move-snapshot-"), "snapshot.zip");
    const exported = await convex(first, ["export", "--include-file-storage", "--path", snapshot]);
    expect(exported.code, exported.stderr).toBe(0);
    // 2. The variables to carry: the session key pair (and the app's own settings, none here).
    const keys: Record<string, string> = {};
    for (const name of ["JWT_PRIVATE_KEY", "JWKS"]) {
      const got = await convex(first, ["env", "get", name]);
      expect(got.code, got.stderr).toBe(0);
      keys[name] = got.stdout.replace(/\n$/, "");
    }
    const expected = contentsOf(first.engine);
    const files = first.engine.admin.documents("_storage");
    const { port } = first;
    await first.close();
    running.splice(running.indexOf(first), 1);

    // 3. A fresh deployment at the same address, the keys set, the snapshot imported whole.
    const second = await startLocalBackend({ port, dataDir: newFolder("move-second-"), seed: false, log: quiet });
    running.push(second);
    for (const [name, value] of Object.entries(keys)) {
      const set = await convex(second, ["env", "set", name, "--", value]);
      expect(set.code, set.stderr).toBe(0);
    }
    expect(second.engine.env.JWKS).toBe(keys.JWKS);
    const imported = await convex(second, ["import", "--replace-all", "--yes", snapshot]);
    expect(imported.code, imported.stderr).toBe(0);

    // 4. The checks of the docs: the same session, the same rows, the totals, the uploads.
    const viewerAfter = await asSignedIn(second.url, token);
    expect(viewerAfter).toEqual(viewerBefore);
    const actual = contentsOf(second.engine);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) expect(actual[key], key).toEqual(expected[key]);
    expect(expected["shardedCounter:counters"]?.length).toBeGreaterThan(0);
    const books = second.engine.admin.documents("books").length;
    expect(books).toBeGreaterThan(0);
    expect(await second.engine.admin.run((ctx) => getCounter(ctx, "books"))).toBe(books);
    expect(second.engine.admin.documents("_storage")).toEqual(files);
    const response = await fetch(`${second.url}/api/storage/${storageId}`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(picture);
  }, 300_000);
});

/** The viewer a client with `token` is (users:viewer), over HTTP as a script would ask. */
async function asSignedIn(url: string, token: string) {
  const http = new ConvexHttpClient(url, { logger: false });
  http.setAuth(token);
  return await http.query(api.users.viewer, {});
}
