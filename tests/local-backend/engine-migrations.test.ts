/**
 * The @convex-dev/migrations component on the local backend, as `npx convex run
 * migrations:run '{fn: "migrations:…"}'` drives it on Convex: the app's runner calls the
 * component, the component calls the app's migration through a function handle and schedules
 * its own next batch, and the status is readable from the component (`lib:getStatus`).
 */
import { afterAll, describe, expect, it } from "vitest";
import { exactItemCounts } from "../../convex/lib/item-counts";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

type Status = { name: string; isDone: boolean; processed: number; state: string };

async function waitForDone(engine: Engine, name: string): Promise<Status> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [status] = (await engine.runQuery("migrations:status", { names: [name] }, null, "internal")) as Status[];
    if (status?.isDone) return status;
    if (status?.state === "failed") throw new Error(`migration ${name} failed`);
    if (Date.now() > deadline) throw new Error(`migration ${name} not done: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("migrations component on the local backend", () => {
  it("runs a migration in batches to the end through the component's scheduler, and a second run changes nothing", async () => {
    const engine = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
    try {
      // Three posts as data from before the counters kept them: their counts on the document.
      const postIds = await engine.admin.run(async (ctx) => {
        const userId = await ctx.db.insert("users", { email: "old@example.com", emailVerificationTime: 1 });
        const ids = [];
        for (let index = 0; index < 3; index++) {
          ids.push(
            await ctx.db.insert("posts", {
              title: `Old ${index}`,
              description: "From before",
              category: "science",
              image: { url: "https://example.com/a.png" },
              userId,
              updatedAt: 1,
              views: 10,
              likes: 2,
              comments: 1,
            }),
          );
        }
        return ids;
      });
      await engine.runMutation("migrations:run", { fn: "migrations:movePostCounts", batchSize: 1 }, null, "internal");
      const status = await waitForDone(engine, "migrations:movePostCounts");
      expect(status.processed).toBe(3);
      const moved = await engine.admin.run(async (ctx) =>
        Promise.all(postIds.map(async (id) => (await ctx.db.get(id))?.countsInCounters)),
      );
      expect(moved).toEqual([true, true, true]);

      // Started again with reset, it walks the table again and finds every post moved already.
      await engine.runMutation("migrations:run", { fn: "migrations:movePostCounts", reset: true }, null, "internal");
      await waitForDone(engine, "migrations:movePostCounts");
      const counts = await engine.admin.run(async (ctx) => {
        const post = await ctx.db.get(postIds[0]!);
        return post === null ? null : await exactItemCounts(ctx, post);
      });
      expect(counts).toEqual({ views: 10, likes: 2, comments: 1 });
    } finally {
      await engine.close();
    }
  }, 60_000);
});
