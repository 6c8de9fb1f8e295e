/**
 * One data folder, one backend: starts racing for the lock (with or without a stale lock left
 * by a killed backend) give exactly one holder, and a lock whose pid now belongs to an
 * unrelated program does not block a start.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { lockDataFolder } from "../../local-backend/engine/data-folder";
import { removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

const CONTENDER = fileURLToPath(new URL("./engine-fixture/lock-contender.ts", import.meta.url));
const CONTENDERS = 4;

type Contender = { child: ChildProcessByStdio<Writable, Readable, null>; next(): Promise<string> };

function startContender(): Contender {
  const child = spawn(process.execPath, ["--import", "tsx", CONTENDER], { stdio: ["pipe", "pipe", "inherit"] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split("\n");
    buffered = complete.pop() ?? "";
    for (const line of complete) {
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const next = () =>
    new Promise<string>((resolve) => {
      const line = lines.shift();
      if (line !== undefined) resolve(line);
      else waiting.push(resolve);
    });
  return { child, next };
}

/** A pid no process has any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

let contenders: Contender[] = [];

beforeAll(async () => {
  contenders = Array.from({ length: CONTENDERS }, startContender);
  for (const contender of contenders) expect(await contender.next()).toBe("ready");
}, 30_000);

afterAll(() => {
  for (const { child } of contenders) child.kill();
  removeTemporaryDataDirs();
});

async function race(dataDir: string): Promise<string[]> {
  for (const { child } of contenders) child.stdin.write(`lock ${dataDir}\n`);
  const answers = await Promise.all(contenders.map(({ next }) => next()));
  for (const { child } of contenders) child.stdin.write("unlock\n");
  await Promise.all(contenders.map(({ next }) => next()));
  return answers;
}

it("gives the folder to exactly one of several racing starts, with and without a stale lock", async () => {
  for (let trial = 0; trial < 24; trial++) {
    const dataDir = temporaryDataDir();
    if (trial % 2 === 1) writeFileSync(path.join(dataDir, "lock"), `${await deadPid()}\n`);
    const answers = await race(dataDir);
    expect(answers.filter((answer) => answer === "held")).toHaveLength(1);
    expect(answers.filter((answer) => answer.startsWith("refused"))).toHaveLength(CONTENDERS - 1);
    for (const answer of answers.filter((a) => a !== "held")) {
      expect(answer).toMatch(/it is in use by another local backend \(process \d+\)$/);
    }
  }
}, 60_000);

it("takes over a lock whose pid now belongs to an unrelated program", async () => {
  const dataDir = temporaryDataDir();
  const unrelated = spawn("sleep", ["30"]);
  try {
    writeFileSync(path.join(dataDir, "lock"), `${unrelated.pid}\n`);
    const unlock = await lockDataFolder(dataDir);
    await unlock();
    // The same pid, but a process started at another time than the lock says.
    writeFileSync(path.join(dataDir, "lock"), JSON.stringify({ pid: unrelated.pid, started: "1" }));
    await (
      await lockDataFolder(dataDir)
    )();
  } finally {
    unrelated.kill();
  }
});

it("refuses a folder whose lock belongs to a running backend", async () => {
  const dataDir = temporaryDataDir();
  const [holder] = contenders as [Contender];
  holder.child.stdin.write(`lock ${dataDir}\n`);
  expect(await holder.next()).toBe("held");
  await expect(lockDataFolder(dataDir)).rejects.toThrow(
    `cannot read data folder ${dataDir}: it is in use by another local backend (process ${holder.child.pid})`,
  );
  holder.child.stdin.write("unlock\n");
  await holder.next();
});
