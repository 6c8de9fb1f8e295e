/**
 * `npm start`'s first seconds as a person sees them: a busy port or an unusable data folder is
 * one clear line and exit code 1, before any build. (The running app is covered by tests/e2e.)
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./preflight";

const START = fileURLToPath(new URL("./start.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function runStart(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", START, ...args],
      { cwd: ROOT, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : (error.code as number | null), stdout, stderr });
      },
    );
  });
}

describe("npm start refusing to start", () => {
  let busy: Server;
  let busyPort: number;
  let folder: string;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    busyPort = (busy.address() as { port: number }).port;
    folder = mkdtempSync(path.join(tmpdir(), "start-test-"));
  });

  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it("names the busy port and the command to use instead", async () => {
    const result = await runStart(["--port", String(busyPort), "--data", path.join(folder, "data")]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Port ${busyPort} is busy: stop the other program or run npm start -- --port ${busyPort + 1}`,
    );
    expect(result.stdout).not.toMatch(/Client built/);
  }, 30_000);

  it("explains a data folder that is a file, in one line", async () => {
    const file = path.join(folder, "not-a-folder");
    writeFileSync(file, "");
    const result = await runStart(["--port", String(await freePort()), "--data", file]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot use the data folder ${file}: it is not a folder. Fix it or choose another with npm start -- --data DIR`,
    );
  }, 30_000);
});
