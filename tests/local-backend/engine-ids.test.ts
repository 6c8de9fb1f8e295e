/** Item 4 of the security review: ids (and so storage URLs) must not be guessable from another. */
import { afterAll, describe, expect, it } from "vitest";
import { RANDOM_ID_DIGITS } from "../../local-backend/engine/unguessable-ids";
import { fixtureEngine, removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

/** Ids made one after another must share no long prefix (a counter shares all but its last digits). */
function expectUnrelated(ids: string[], table: string): void {
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(new RegExp(`^[0-9]{${RANDOM_ID_DIGITS},}${table}$`));
  for (let i = 1; i < ids.length; i++) expect(ids[i]?.slice(0, 12)).not.toBe(ids[i - 1]?.slice(0, 12));
}

describe("document ids", () => {
  it("are random for documents and stored files, also after a restart", async () => {
    const dataDir = temporaryDataDir();
    const engine = await fixtureEngine(dataDir);
    const notes: string[] = [];
    for (let i = 0; i < 30; i++) notes.push((await engine.runMutation("notes:add", { text: `n${i}` }, null)) as string);
    const files: string[] = [];
    for (let i = 0; i < 10; i++) files.push(await engine.storeFile(new Blob([`f${i}`], { type: "image/png" })));
    await engine.close();

    const reopened = await fixtureEngine(dataDir);
    notes.push((await reopened.runMutation("notes:add", { text: "after restart" }, null)) as string);
    const url = (await reopened.runQuery("notes:fileUrl", { storageId: files[0] ?? "" }, null)) as string;
    await reopened.close();

    expectUnrelated(notes, "notes");
    expectUnrelated(files, "_storage");
    expect(url).toBe(`${URLS.cloudUrl}/api/storage/${files[0]}`);
  });
});
