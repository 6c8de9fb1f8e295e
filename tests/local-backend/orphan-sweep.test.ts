/**
 * The orphan sweep (convex/orphanSweep.ts) on the local backend, as on Convex: started by hand
 * after a move, its chain of runs walks every dependent table through the engine's scheduler,
 * takes the rows of a room that is gone and keeps those of a room that exists.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ORPHAN_KINDS } from "../../convex/lib/orphan-sweep/kinds";
import { ORPHAN_SWEEP_BATCH } from "../../convex/lib/orphan-sweep/sweep";
import { openEngine } from "../../local-backend/engine/open-engine";
import { metered, openBudgetEngine } from "../convex/read-budget/engine";
import type { Engine } from "../../local-backend/engine/types";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

type Status = { kind: string; removed: number; finishedAt?: number };

async function waitForPass(engine: Engine): Promise<Status[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = (await engine.runQuery("orphanSweep:status", {}, null, "internal")) as Status[];
    if (states.length === ORPHAN_KINDS.length && states.every((state) => state.finishedAt !== undefined)) return states;
    if (Date.now() > deadline) throw new Error(`the sweep did not finish: ${JSON.stringify(states)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("orphan sweep on the local backend", () => {
  it("runs a whole pass through the scheduler: a gone room's rows go, a live room's stay", async () => {
    const engine = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
    try {
      const orphans = ORPHAN_SWEEP_BATCH + 20;
      await engine.admin.run(async (ctx) => {
        const userId = await ctx.db.insert("users", { email: "ann@example.com", emailVerificationTime: 1 });
        const goneRoomId = await ctx.db.insert("chatRooms", { name: "Gone", createdBy: userId });
        const liveRoomId = await ctx.db.insert("chatRooms", { name: "Live", createdBy: userId });
        for (let index = 0; index < orphans; index++) {
          await ctx.db.insert("chatMessages", { roomId: goneRoomId, userId, text: `Gone ${index}` });
        }
        await ctx.db.insert("chatRoomReads", { roomId: goneRoomId, userId, readUpTo: 1 });
        await ctx.db.insert("chatMessages", { roomId: liveRoomId, userId, text: "Kept" });
        await ctx.db.insert("chatRoomReads", { roomId: liveRoomId, userId, readUpTo: 1 });
        // A room deletion cut off after its first mutation.
        await ctx.db.delete(goneRoomId);
      });

      await engine.runMutation("orphanSweep:startPass", {}, null, "internal");
      const states = await waitForPass(engine);

      expect(states.find((state) => state.kind === "chatMessages")?.removed).toBe(orphans);
      expect(states.find((state) => state.kind === "chatRoomReads")?.removed).toBe(1);
      const left = await engine.admin.run(async (ctx) => ({
        messages: (await ctx.db.query("chatMessages").collect()).map((row) => row.text),
        reads: (await ctx.db.query("chatRoomReads").collect()).length,
      }));
      expect(left).toEqual({ messages: ["Kept"], reads: 1 });
    } finally {
      await engine.close();
    }
  }, 60_000);

  it("costs the cursor rows when nothing is due, and a batch plus one get per distinct parent when walking", async () => {
    const { engine, close } = await openBudgetEngine();
    try {
      await engine.admin.run(async (ctx) => {
        const userId = await ctx.db.insert("users", { email: "ann@example.com", emailVerificationTime: 1 });
        const roomId = await ctx.db.insert("chatRooms", { name: "Live", createdBy: userId });
        for (let index = 0; index < 3 * ORPHAN_SWEEP_BATCH; index++) {
          await ctx.db.insert("chatMessages", { roomId, userId, text: `Kept ${index}` });
        }
      });
      await engine.runMutation("orphanSweep:startPass", {}, null, "internal");
      await waitForPass(engine);
      const sweep = () => engine.runMutation("orphanSweep:sweep", { chained: true }, null, "internal");

      const idle = await metered(sweep);
      expect(idle.outcome).toEqual({ status: "fulfilled", value: { status: "idle" } });
      expect(idle.usage).toEqual({ reads: ORPHAN_KINDS.length, writes: 0 });

      // A new pass: its first run resets the 18 cursor rows, then walks bookComments (empty).
      await engine.runMutation("orphanSweep:startPass", {}, null, "internal");
      await waitForPass(engine);
      // Walking the 300 live messages: a batch of 100 rows and their one room.
      await engine.admin.run(async (ctx) => {
        const row = (await ctx.db.query("orphanSweeps").collect()).find((state) => state.kind === "chatMessages")!;
        await ctx.db.patch(row._id, { finishedAt: undefined, cursor: null });
      });
      const walking = await metered(sweep);
      expect(walking.outcome).toMatchObject({
        value: { kind: "chatMessages", looked: ORPHAN_SWEEP_BATCH, removed: 0 },
      });
      // Measured 120: the 18 cursor rows, the 100 messages, their one room, and one more read of the page.
      expect(walking.usage.reads).toBeLessThanOrEqual(ORPHAN_KINDS.length + ORPHAN_SWEEP_BATCH + 2);
      // Its cursor row (the scheduled next run is not a document write here).
      expect(walking.usage.writes).toBe(1);
    } finally {
      await close();
    }
  }, 60_000);
});
