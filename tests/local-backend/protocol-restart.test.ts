/**
 * A backend restart on the same port and data folder, as `npm start` after Ctrl+C or a crash:
 * connected clients reconnect by themselves, re-subscribe, keep their sign-in (the keys live
 * in the data folder) and see live results again. Demo content is seeded into a new folder
 * only, never a second time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { startLocalBackend, type LocalBackend } from "../../local-backend/server/start-server";
import { signedInClient, waitForResult } from "./server-fixture/protocol-env";

const cover = { url: "https://example.com/cover.png" };

describe("restarting the backend", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "protocol-restart-"));
  let backend: LocalBackend | null = null;

  afterAll(async () => {
    await backend?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const countUsers = async (running: LocalBackend) =>
    await running.engine.admin.run(async (ctx) => (await ctx.db.query("users").collect()).length);

  it("lets connected clients carry on, signed in and live, after a restart on the same folder", async () => {
    backend = await startLocalBackend({ port: 0, dataDir, log: () => {} });
    const { port } = backend;
    const usersAfterSeeding = await countUsers(backend);
    expect(usersAfterSeeding).toBeGreaterThanOrEqual(3);

    const reader = await signedInClient(backend.url, "alice@example.com");
    const page = reader.client.onUpdate(api.books.page, { cursor: null }, () => {});
    await waitForResult(reader.client, api.books.page, { cursor: null }, () => true);

    await backend.close();
    backend = await startLocalBackend({ port, dataDir, log: () => {} });
    expect(await countUsers(backend)).toBe(usersAfterSeeding);

    const writer = await signedInClient(backend.url, "bob@example.com");
    await writer.client.mutation(api.books.create, { title: "After the restart", image: cover });
    const seen = await waitForResult(
      reader.client,
      api.books.page,
      { cursor: null },
      (result) => result.books[0]?.title === "After the restart",
      10_000,
    );
    expect(seen.books[0]).toMatchObject({ title: "After the restart" });
    expect(await reader.client.query(api.users.viewer, {})).toMatchObject({ email: "alice@example.com" });
    page.unsubscribe();
    await reader.client.close();
    await writer.client.close();
  }, 60_000);
});
