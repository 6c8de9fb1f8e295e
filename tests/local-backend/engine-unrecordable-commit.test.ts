/**
 * A commit whose log record cannot be made (one string holds at most ~512 MiB, which an admin
 * import can pass) is refused like one the disk refused, not kept in memory only and lost at
 * the next start. The record's serializer is made to fail for one marked note.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import * as persistedState from "../../local-backend/engine/persisted-state";
import { fixtureEngine, listNotes, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

const MARK = "needs a record too large for one string";

vi.mock("../../local-backend/engine/persisted-state", async (importOriginal) => {
  const original = await importOriginal<typeof persistedState>();
  return {
    ...original,
    serializeRecord: (...args: Parameters<typeof original.serializeRecord>) => {
      if (JSON.stringify(args[1]).includes(MARK)) throw new RangeError("Invalid string length");
      return original.serializeRecord(...args);
    },
  };
});

afterAll(removeTemporaryDataDirs);

describe("a commit too large to record", () => {
  it("is refused and undone, and the engine goes on; after a restart only what was acknowledged is there", async () => {
    const dataDir = temporaryDataDir();
    const engine = await fixtureEngine(dataDir);
    const texts = async () => (await listNotes(engine)).map((note) => note.text).sort();
    await engine.runMutation("notes:add", { text: "before" }, null);
    await expect(engine.runMutation("notes:add", { text: MARK }, null)).rejects.toThrow(
      "the transaction's writes are too large to record (RangeError: Invalid string length); nothing was saved",
    );
    expect(await texts()).toEqual(["before"]);
    await engine.runMutation("notes:add", { text: "after" }, null);
    await engine.close();

    const reopened = await fixtureEngine(dataDir);
    expect((await listNotes(reopened)).map((note) => note.text).sort()).toEqual(["after", "before"]);
    await reopened.close();
  });

  it("refuses it with the commits made on top of it, but writes those made before it in the same batch", async () => {
    const dataDir = temporaryDataDir();
    const engine = await fixtureEngine(dataDir);
    // Sent at once: while the first is written, the others wait and are written as one batch.
    const outcomes = await Promise.allSettled(
      ["zero", "one", MARK, "three"].map((text) => engine.runMutation("notes:add", { text }, null)),
    );
    expect(outcomes.map(({ status }) => status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain(
      "the transaction's writes are too large to record (RangeError: Invalid string length); nothing was saved",
    );
    await engine.close();
    const reopened = await fixtureEngine(dataDir);
    expect((await listNotes(reopened)).map((note) => note.text).sort()).toEqual(["one", "zero"]);
    await reopened.close();
  });
});
