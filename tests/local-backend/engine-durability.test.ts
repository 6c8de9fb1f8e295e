import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import {
  FIXTURE_FUNCTIONS,
  fixtureEngine,
  listNotes,
  removeTemporaryDataDirs,
  temporaryDataDir,
} from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

const WRITER = fileURLToPath(new URL("./engine-fixture/write-until-killed.ts", import.meta.url));

/** Runs the writer until it has acknowledged `count` writes, kills it with SIGKILL, returns every acknowledgement. */
async function writeThenKill(dataDir: string, count: number): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", WRITER, dataDir, FIXTURE_FUNCTIONS], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split("\n");
    buffered = complete.pop() ?? "";
    lines.push(...complete);
    if (lines.length >= count && child.exitCode === null) child.kill("SIGKILL");
  });
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on("close", (_code, sig) => resolve(sig)));
  expect(signal).toBe("SIGKILL");
  return lines.filter((line) => line !== "ready");
}

it("keeps every acknowledged write and file after a SIGKILL mid-load", async () => {
  const dataDir = temporaryDataDir();
  const acknowledged = await writeThenKill(dataDir, 600);
  const notes = acknowledged.filter((line) => line.startsWith("note "));
  const files = acknowledged.filter((line) => line.startsWith("file "));
  expect(notes.length).toBeGreaterThan(300);
  expect(files.length).toBeGreaterThan(5);

  const engine = await fixtureEngine(dataDir);
  const stored = new Map((await listNotes(engine)).map((note) => [note.id, note.text]));
  const missing = notes.filter((line) => {
    const [, id = "", ...text] = line.split(" ");
    return stored.get(id) !== text.join(" ");
  });
  expect(missing).toEqual([]);
  for (const line of files) {
    const [, id = "", ...content] = line.split(" ");
    expect(await (await engine.getFile(id))?.blob.text()).toBe(content.join(" "));
  }
  await engine.close();
}, 60_000);
