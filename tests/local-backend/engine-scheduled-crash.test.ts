/**
 * A scheduled mutation runs exactly once, as on Convex: one that a crash interrupted had not
 * committed, so it runs again when the backend starts; one that finished does not run again.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import {
  FIXTURE_FUNCTIONS,
  fixtureEngine,
  listNotes,
  nextCommitTo,
  removeTemporaryDataDirs,
  temporaryDataDir,
} from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

const CHILD = fileURLToPath(new URL("./engine-fixture/kill-during-job.ts", import.meta.url));

it("runs a scheduled mutation again after a crash cut it off, and only once", async () => {
  const dataDir = temporaryDataDir();
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir, FIXTURE_FUNCTIONS], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, HOLD_SCHEDULED_MUTATION_MS: "60000" },
  });
  child.stdout.setEncoding("utf8");
  await new Promise<void>((resolve) =>
    child.stdout.on("data", (text: string) => text.includes("scheduled") && resolve()),
  );
  // The job starts 300 ms later and holds its transaction open; kill it well inside.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.on("close", resolve));

  const engine = await fixtureEngine(dataDir);
  const ran = nextCommitTo(engine, "notes");
  if (!(await listNotes(engine)).some((note) => note.text === "exactly once")) await ran;
  const jobs = await engine.admin.run(async (ctx) => await ctx.db.system.query("_scheduled_functions").collect());
  expect(jobs.map((job) => job.state.kind)).toEqual(["success"]);
  expect((await listNotes(engine)).filter((note) => note.text === "exactly once")).toHaveLength(1);
  await engine.close();

  // Started again, nothing runs twice.
  const again = await fixtureEngine(dataDir);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await listNotes(again)).filter((note) => note.text === "exactly once")).toHaveLength(1);
  await again.close();
}, 60_000);
