import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { flattenComponents, loadComponentTree } from "../../local-backend/engine/component-tree";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { DocumentWrite } from "../../local-backend/engine/read-set";
import type { Engine } from "../../local-backend/engine/types";
import { APP_COMPONENTS } from "../convex/components";
import { nextCommitTo, removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

/** An app with convex.config.ts installing rate-limiter (as "limits") and presence; see its rooms.ts. */
const COMPONENTS_APP = fileURLToPath(new URL("./components-fixture/convex", import.meta.url));

const openApp = async (dataDir: string): Promise<Engine> =>
  await openEngine({ dataDir, modulesDir: COMPONENTS_APP, ...URLS });

type Member = { userId: string; online: boolean };

const members = async (engine: Engine, roomId: string) =>
  (await engine.runQuery("rooms:members", { roomId }, null)) as Member[];

describe("Convex components on the local backend", () => {
  it("reads the component tree of convex.config.ts with the names it installs them under", async () => {
    const tree = flattenComponents(await loadComponentTree(COMPONENTS_APP));
    expect(tree.map(({ path, packageName }) => ({ path, packageName }))).toEqual([
      { path: "limits", packageName: "@convex-dev/rate-limiter" },
      { path: "limits/batchWorker", packageName: "@convex-dev/batch-worker" },
      { path: "presence", packageName: "@convex-dev/presence" },
      { path: "presence/batchWorker", packageName: "@convex-dev/batch-worker" },
    ]);
  });

  it("runs a component's function called from an app function, and tells subscribers about its tables", async () => {
    const engine = await openApp(temporaryDataDir());
    const committed = nextCommitTo(engine, "presence/presence");
    await engine.runMutation("rooms:join", { roomId: "lobby", userId: "ann", sessionId: "tab-1" }, null);
    expect(await committed).toContain("presence/sessions");
    expect(await members(engine, "lobby")).toEqual([{ userId: "ann", online: true }]);
    await engine.close();
  });

  it("re-runs a query on a component's data only after a write into what it read there", async () => {
    const engine = await openApp(temporaryDataDir());
    await engine.runMutation("rooms:join", { roomId: "lobby", userId: "ann", sessionId: "tab-1" }, null);
    const { readSet, tablesRead } = await engine.runQueryTrackingReads("rooms:members", { roomId: "lobby" }, null);
    expect([...tablesRead]).toContain("presence/presence");
    const rerunsAfter = async (write: () => Promise<unknown>) => {
      const writes: DocumentWrite[] = [];
      const stop = engine.onCommit((info) => writes.push(...info.writes));
      await write();
      stop();
      return writes.some((each) => readSet.isAffectedBy(each));
    };
    expect(await rerunsAfter(() => engine.runMutation("rooms:greet", { userId: "ann" }, null))).toBe(false);
    const join = (roomId: string, userId: string) =>
      engine.runMutation("rooms:join", { roomId, userId, sessionId: `${userId}-tab` }, null);
    expect(await rerunsAfter(() => join("kitchen", "bob"))).toBe(false);
    expect(await rerunsAfter(() => join("lobby", "cid"))).toBe(true);
    await engine.close();
  });

  it("keeps a component's data across a restart, from the log and from a snapshot", async () => {
    const dataDir = temporaryDataDir();
    let engine = await openApp(dataDir);
    await engine.runMutation("rooms:join", { roomId: "lobby", userId: "ann", sessionId: "tab-1" }, null);
    expect(await engine.runMutation("rooms:greet", { userId: "ann" }, null)).toBe("hello");
    await engine.close();

    engine = await openApp(dataDir);
    expect(await members(engine, "lobby")).toEqual([{ userId: "ann", online: true }]);
    expect(await engine.runMutation("rooms:greet", { userId: "ann" }, null)).toBe("hello");
    await engine.compact();
    await engine.close();

    engine = await openApp(dataDir);
    expect(await members(engine, "lobby")).toEqual([{ userId: "ann", online: true }]);
    // The rate limiter's window (2 a minute) was counted across both restarts.
    await expect(engine.runMutation("rooms:greet", { userId: "ann" }, null)).rejects.toThrow(
      "Too many greetings, wait a minute.",
    );
    await engine.close();
  });

  it("runs a component's own scheduled functions: presence's worker marks a silent user offline", async () => {
    const engine = await openApp(temporaryDataDir());
    await engine.runMutation("rooms:join", { roomId: "lobby", userId: "ann", sessionId: "tab-1", interval: 400 }, null);
    const deadline = Date.now() + 8_000;
    while ((await members(engine, "lobby")).some((member) => member.online)) {
      if (Date.now() > deadline) throw new Error("presence never marked ann offline");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await members(engine, "lobby")).toEqual([{ userId: "ann", online: false }]);
    await engine.close();
  }, 15_000);
});

it("the convex-test helper registers exactly the components of convex/convex.config.ts", async () => {
  const installed = await loadComponentTree(fileURLToPath(new URL("../../convex", import.meta.url)));
  expect(installed.map((component) => component.name).sort()).toEqual(Object.keys(APP_COMPONENTS).sort());
});
