/**
 * The admin key the Convex CLI authenticates with: made once into the data folder, private to
 * its owner, the same after a restart, printed by `npm run admin-key`, and compared so that only
 * the exact key (and no prefix or look-alike) opens the door.
 */
import { execFile } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_KEY_FILE } from "../../local-backend/engine/admin-key";
import { AdminKeyCheck } from "../../local-backend/server/admin/admin-auth";
import { fixtureEngine, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);

afterAll(() => removeTemporaryDataDirs());

describe("the admin key in the data folder", () => {
  it("is made on first start, readable by its owner only, and the same after a restart", async () => {
    const dataDir = temporaryDataDir();
    const first = await fixtureEngine(dataDir);
    const key = first.adminKey;
    await first.close();
    const file = path.join(dataDir, ADMIN_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(key);
    expect(key).toMatch(/^local-backend\|[0-9a-f]{64}$/);

    const second = await fixtureEngine(dataDir);
    expect(second.adminKey).toBe(key);
    await second.close();
  });

  it("differs between data folders", async () => {
    const one = await fixtureEngine();
    const other = await fixtureEngine();
    expect(one.adminKey).not.toBe(other.adminKey);
    await Promise.all([one.close(), other.close()]);
  });

  it("is printed, alone on stdout, by npm run admin-key -- --data DIR, even before the backend first ran", async () => {
    const dataDir = temporaryDataDir();
    const printed = await run("npm", ["run", "--silent", "admin-key", "--", "--data", dataDir], { cwd: PROJECT_ROOT });
    const key = printed.stdout.trim();
    expect(key).toMatch(/^local-backend\|[0-9a-f]{64}$/);
    expect(statSync(path.join(dataDir, ADMIN_KEY_FILE)).mode & 0o777).toBe(0o600);

    // The backend then uses that key, and still treats the folder as new (demo content goes in).
    const engine = await fixtureEngine(dataDir);
    expect(engine.adminKey).toBe(key);
    expect(engine.isNew).toBe(true);
    await engine.close();
    const again = await run("npm", ["run", "--silent", "admin-key", "--", `--data=${dataDir}`], { cwd: PROJECT_ROOT });
    expect(again.stdout.trim()).toBe(key);
  }, 60_000);
});

describe("checking a presented key", () => {
  const key = `local-backend|${"ab".repeat(32)}`;
  const check = new AdminKeyCheck(key);
  const request = (authorization?: string) =>
    ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

  it("accepts exactly the key, and nothing shorter, longer or different", () => {
    expect(check.matches(key)).toBe(true);
    for (const other of ["", key.slice(0, -1), `${key}0`, key.toUpperCase(), `local-backend|${"ba".repeat(32)}`]) {
      expect(check.matches(other)).toBe(false);
    }
  });

  it("reads the CLI's Authorization header, with or without an identity to act as", () => {
    expect(check.ofRequest(request())).toEqual({ kind: "none" });
    expect(check.ofRequest(request("Bearer some.jwt.token"))).toEqual({ kind: "none" });
    expect(check.ofRequest(request(`Convex ${key}`))).toEqual({ kind: "admin", actingAs: null });
    expect(check.ofRequest(request("Convex local-backend|0000"))).toEqual({ kind: "refused", reason: "wrong key" });
    const identity = {
      subject: "user-1",
      issuer: "https://convex.test",
      tokenIdentifier: "https://convex.test|user-1",
    };
    const encoded = Buffer.from(JSON.stringify(identity)).toString("base64");
    expect(check.ofRequest(request(`Convex ${key}:${encoded}`))).toEqual({ kind: "admin", actingAs: identity });
    expect(check.ofRequest(request(`Convex ${key}:bm90IGpzb24=`))).toEqual({ kind: "refused", reason: "bad identity" });
  });
});
