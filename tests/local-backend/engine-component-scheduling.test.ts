/**
 * Components scheduling other components' functions, as on Convex: the app schedules into its
 * component "relay" and relay into its child "relay/tally", by `components.…` reference and by
 * function handle. The job's row stays in the scheduling component's `_scheduled_functions`
 * (Convex keeps it in the scheduler's queue, showing only the function's name); it runs in the
 * target component; cancel works from the scheduler; a failing target fails its job only.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

/** An app installing relay (tests/local-backend/scheduling-fixture/relay), which installs tally. */
const SCHEDULING_APP = fileURLToPath(new URL("./scheduling-fixture/convex", import.meta.url));

const openApp = async (dataDir = temporaryDataDir()): Promise<Engine> =>
  await openEngine({ dataDir, modulesDir: SCHEDULING_APP, ...URLS });

type JobRow = { _id: string; name: string; args: unknown[]; state: { kind: string }; scheduledTime: number };

const mutate = async (engine: Engine, name: string, args: Record<string, unknown> = {}) =>
  await engine.runMutation(name, args as never, null);
const read = async (engine: Engine, name: string, args: Record<string, unknown> = {}) =>
  await engine.runQuery(name, args as never, null);

/** Polls `check` until it returns true (scheduled jobs run on real timers). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const appJob = async (engine: Engine, jobId: string) => (await read(engine, "jobs:job", { jobId })) as JobRow | null;
const jobState = async (engine: Engine, jobId: string) => (await appJob(engine, jobId))?.state.kind;
const relayJobs = async (engine: Engine) => (await read(engine, "jobs:relayJobs")) as JobRow[];
const notes = async (engine: Engine) => (await read(engine, "jobs:notes")) as string[];
const tally = async (engine: Engine, key: string) => (await read(engine, "jobs:tally", { key })) as number;

describe("components scheduling other components' functions", () => {
  it("runs a child's function scheduled by reference (runAfter and runAt); the row stays in the app's table", async () => {
    const engine = await openApp();
    const afterId = (await mutate(engine, "jobs:noteLater", { text: "after", delayMs: 0 })) as string;
    const atId = (await mutate(engine, "jobs:noteAt", { text: "at", atMs: Date.now() + 50 })) as string;
    await until("both jobs to succeed", async () =>
      (await Promise.all([jobState(engine, afterId), jobState(engine, atId)])).every((kind) => kind === "success"),
    );
    expect((await notes(engine)).sort()).toEqual(["after", "at"]);
    // As Convex shows it: the function's path within its component, no component field.
    const row = await appJob(engine, afterId);
    expect(row).toMatchObject({ name: "relay:note", args: [{ text: "after" }], state: { kind: "success" } });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["_creationTime", "_id", "args", "completedTime", "name", "scheduledTime", "state"].sort(),
    );
    expect(await relayJobs(engine)).toEqual([]);
    await engine.close();
  });

  it("runs a function handle of another component scheduled from the app, a grandchild's included", async () => {
    const engine = await openApp();
    const noteHandle = (await read(engine, "jobs:relayNoteHandle")) as string;
    const tallyHandle = (await read(engine, "jobs:relayTallyHandle")) as string;
    const noteJob = (await mutate(engine, "jobs:runHandle", {
      handle: noteHandle,
      args: { text: "by handle" },
      delayMs: 0,
    })) as string;
    const tallyJob = (await mutate(engine, "jobs:runHandle", {
      handle: tallyHandle,
      args: { key: "books", by: 3 },
      delayMs: 10,
    })) as string;
    await until("both handle jobs to succeed", async () =>
      (await Promise.all([jobState(engine, noteJob), jobState(engine, tallyJob)])).every((kind) => kind === "success"),
    );
    expect(await notes(engine)).toEqual(["by handle"]);
    expect(await tally(engine, "books")).toBe(3);
    expect((await appJob(engine, tallyJob))?.name).toBe("tally:add");
    await engine.close();
  });

  it("nested: relay schedules into its child tally by reference, by handle and from an action; rows live in relay's table", async () => {
    const engine = await openApp();
    await mutate(engine, "jobs:tallyThroughRelay", { key: "k", by: 1, delayMs: 0 });
    await mutate(engine, "jobs:tallyByHandleInRelay", { key: "k", by: 10 });
    await engine.runAction("jobs:tallyFromRelayAction", { key: "k", by: 100 }, null);
    await until("tally to reach 111", async () => (await tally(engine, "k")) === 111);
    await until("relay's jobs to succeed", async () =>
      (await relayJobs(engine)).every((job) => job.state.kind === "success"),
    );
    const jobs = await relayJobs(engine);
    expect(jobs.map((job) => job.name)).toEqual(["tally:add", "tally:add", "tally:add"]);
    expect(await read(engine, "jobs:appJobs")).toEqual([]);
    await engine.close();
  });

  it("cancels a job into another component, from the app and from inside a component", async () => {
    const engine = await openApp();
    const appJobId = (await mutate(engine, "jobs:noteLater", { text: "canceled", delayMs: 300 })) as string;
    await mutate(engine, "jobs:cancel", { jobId: appJobId });
    const relayJobId = (await mutate(engine, "jobs:tallyThroughRelay", { key: "c", by: 1, delayMs: 300 })) as string;
    await mutate(engine, "jobs:cancelInRelay", { jobId: relayJobId });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await jobState(engine, appJobId)).toBe("canceled");
    expect((await relayJobs(engine)).map((job) => job.state.kind)).toEqual(["canceled"]);
    expect(await notes(engine)).toEqual([]);
    expect(await tally(engine, "c")).toBe(0);
    await engine.close();
  });

  it("a failing target fails its job and keeps none of its writes; the scheduler's own writes stay", async () => {
    const engine = await openApp();
    const failing = (await mutate(engine, "jobs:failLater")) as string;
    await mutate(engine, "jobs:tallyThroughRelay", { key: "neg", by: -5, delayMs: 0 });
    await until("the failing job to be marked failed", async () => (await jobState(engine, failing)) === "failed");
    await until("relay's job to fail", async () => (await relayJobs(engine))[0]?.state.kind === "failed");
    expect(await notes(engine)).toEqual([]);
    expect(await tally(engine, "neg")).toBe(0);
    await engine.close();
  });

  it("refuses to schedule a function the target component does not have, with Convex's message", async () => {
    const engine = await openApp();
    await expect(mutate(engine, "jobs:scheduleMissing")).rejects.toThrow(
      "Attempted to schedule function, but no exported function nothingHere found in the file: relay.js in 'relay'. Did you forget to export it?",
    );
    expect(await read(engine, "jobs:appJobs")).toEqual([]);
    await engine.close();
  });

  it("a pending job into another component survives a restart and runs there", async () => {
    const dataDir = temporaryDataDir();
    let engine = await openApp(dataDir);
    const appJobId = (await mutate(engine, "jobs:noteLater", { text: "after restart", delayMs: 400 })) as string;
    await mutate(engine, "jobs:tallyThroughRelay", { key: "r", by: 7, delayMs: 400 });
    await engine.close();

    engine = await openApp(dataDir);
    await until("the app's job to succeed", async () => (await jobState(engine, appJobId)) === "success");
    await until("relay's job to succeed", async () => (await relayJobs(engine))[0]?.state.kind === "success");
    expect(await notes(engine)).toEqual(["after restart"]);
    expect(await tally(engine, "r")).toBe(7);
    await engine.close();
  });
});
