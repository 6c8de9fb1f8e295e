/**
 * Code that cannot deploy fails here first: convex/ must bundle for Convex's default runtime the
 * way the Convex CLI bundles it (no Node built-ins outside "use node" files), and the local
 * backend refuses to load functions that do not, with the CLI's message.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { defaultRuntimeProblem, USE_NODE_ADVICE } from "../../local-backend/engine/default-runtime";
import { openEngine } from "../../local-backend/engine/open-engine";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

const APP_FUNCTIONS = fileURLToPath(new URL("../../convex", import.meta.url));
const NODE_BUILTIN_FIXTURE = fileURLToPath(new URL("./node-builtin-fixture/convex", import.meta.url));

const copies: string[] = [];
afterAll(() => {
  for (const folder of copies.splice(0)) rmSync(folder, { recursive: true, force: true });
  removeTemporaryDataDirs();
});

describe("bundling for Convex's default runtime, as the Convex CLI does", () => {
  it("the app's convex/ bundles", async () => {
    expect(await defaultRuntimeProblem(APP_FUNCTIONS)).toBeNull();
  }, 30_000);

  it("a mutation importing node:crypto without \"use node\" gets esbuild's error and the CLI's advice", async () => {
    const problem = await defaultRuntimeProblem(NODE_BUILTIN_FIXTURE);
    expect(problem).toMatch(/^esbuild error: .*hashing\.ts:\d+:\d+: Could not resolve "node:crypto"/);
    expect(problem).toContain(USE_NODE_ADVICE);
  }, 30_000);

  it('the same module with "use node" bundles (it runs in the Node.js runtime)', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "use-node-"));
    copies.push(copy);
    cpSync(NODE_BUILTIN_FIXTURE, copy, { recursive: true });
    const file = path.join(copy, "hashing.ts");
    writeFileSync(file, `"use node";\n${readFileSync(file, "utf8")}`);
    expect(await defaultRuntimeProblem(copy)).toBeNull();
  }, 30_000);
});

it("the local backend refuses to load such functions, with the same message", async () => {
  const expected = await defaultRuntimeProblem(NODE_BUILTIN_FIXTURE);
  await expect(
    openEngine({ dataDir: temporaryDataDir(), modulesDir: NODE_BUILTIN_FIXTURE, checkDefaultRuntime: true, ...URLS }),
  ).rejects.toThrow(expected ?? "a message");
}, 30_000);
