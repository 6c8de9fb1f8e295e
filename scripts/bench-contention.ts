/**
 * `npm run bench:contention`: how many write conflicts a Convex deployment would have had where
 * many people act on one thing at once: 50 clients liking one post together, 50 viewing it, 50
 * others half liking and half viewing it, 30 commenting on it and 30 reporting it.
 *
 * The local backend runs one mutation at a time, so nothing conflicts here; but it records what
 * each mutation read and wrote (Engine.traceMutations), and from those sets, in the order they
 * committed, ./bench-contention/occ.ts counts what Convex's optimistic concurrency would have
 * done: conflicts, retries until all committed, and the worst mutation's retries. Figures, never
 * fails; a hot document shows up here before it shows up on Convex.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import type { MutationTrace } from "../local-backend/engine/types";
import { startLocalBackend } from "../local-backend/server/start-server";
import { simulateOcc, type Contention } from "./bench-contention/occ";
import { benchUsers, connect } from "./bench-invalidation/bench-users";
import { mutation, query, uploadImage } from "./bench-invalidation/scenario";

const CLIENTS = 50;
const log = (line: string) => console.log(line);

type Batch = {
  name: string;
  size: number;
  offset?: number;
  call: (client: ConvexClient, index: number) => Promise<unknown>;
};
type Result = { name: string; contention: Contention; failed: number; error?: string };

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-contention-"));
  const backend = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => undefined });
  const { engine } = backend;
  const clients: ConvexClient[] = [];
  try {
    if (engine.traceMutations === undefined) throw new Error("this engine does not trace mutations");
    const [author] = await benchUsers(engine, 1, "Author");
    // Twice as many as a batch: the mixed batch has people who have not viewed or liked yet.
    const users = await benchUsers(engine, 2 * CLIENTS, "Fan");
    const writer = connect(backend.url, author!.token);
    clients.push(writer);
    const postId = (await writer.mutation(mutation("posts:create"), {
      title: "The post everyone opens",
      description: "Popular.",
      category: "science",
      image: await uploadImage(writer),
    })) as string;
    for (const user of users) clients.push(connect(backend.url, user.token));
    const fans = clients.slice(1);
    // Everyone connected and signed in before the batches start.
    await Promise.all(fans.map((client) => client.query(query("users:viewer"), {})));

    const batches: Batch[] = [
      { name: "likes", size: CLIENTS, call: (client) => client.mutation(mutation("posts:toggleLike"), { postId }) },
      { name: "views", size: CLIENTS, call: (client) => client.mutation(mutation("posts:recordView"), { postId }) },
      {
        name: "likes and views",
        size: CLIENTS,
        offset: CLIENTS,
        call: (client, index) =>
          client.mutation(mutation(index % 2 === 0 ? "posts:toggleLike" : "posts:recordView"), { postId }),
      },
      {
        name: "comments",
        size: 30,
        call: (client, index) => client.mutation(mutation("postComments:add"), { postId, text: `Me too ${index}` }),
      },
      {
        name: "reports",
        size: 30,
        call: (client) =>
          client.mutation(mutation("reports:report"), { target: { kind: "post", id: postId }, reason: "spam" }),
      },
    ];
    const results: Result[] = [];
    for (const batch of batches) {
      const traces: MutationTrace[] = [];
      const stop = engine.traceMutations((trace) => traces.push(trace));
      let error: string | undefined;
      try {
        await Promise.all(
          fans
            .slice(batch.offset ?? 0, (batch.offset ?? 0) + batch.size)
            .map((client, index) => batch.call(client, index)),
        );
      } catch (failure) {
        error = failure instanceof Error ? failure.message.split("\n")[0] : String(failure);
        // Let the rest of the batch finish before the next one starts.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } finally {
        stop();
      }
      // A mutation that wrote nothing (a second view of the same person) commits at its snapshot on Convex: never a conflict.
      const committed = traces
        .filter((trace) => !trace.failed && trace.commitSequence !== null)
        .sort((a, b) => (a.commitSequence ?? 0) - (b.commitSequence ?? 0));
      results.push({
        name: batch.name,
        contention: simulateOcc(committed),
        failed: traces.filter((trace) => trace.failed).length,
        ...(error !== undefined ? { error } : {}),
      });
    }
    print(results);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(results: Result[]): void {
  log(`\nContention: clients acting on one post at the same moment; what Convex's OCC would have done`);
  log("(conflicts: mutations that conflicted at first; retries: in all, until every one committed).");
  const widths = [18, 11, 11, 9, 15, 8];
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === 0 || index === 6 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index]!),
      )
      .join(" ");
  log(line(["batch", "mutations", "conflicts", "retries", "worst retries", "rounds", "conflicts on"]));
  for (const { name, contention, failed, error } of results) {
    const on = [...contention.conflictsByTable.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([table, count]) => `${table} ${count}`)
      .join(", ");
    log(
      line([
        name,
        String(contention.mutations),
        String(contention.conflicts),
        String(contention.retries),
        String(contention.worst),
        String(contention.rounds),
        on === "" ? "—" : on,
      ]),
    );
    if (failed > 0 || error !== undefined) log(`      ↳ ${failed} failed${error !== undefined ? `: ${error}` : ""}`);
  }
}

await main();
process.exit(0);
