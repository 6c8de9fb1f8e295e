/** Item 13 of the security review: the data folder holds the signing key and everyone's data. */
import { chmodSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureEngine, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

function modeOf(file: string): number {
  return statSync(file).mode & 0o777;
}

describe("data folder permissions", () => {
  it("creates the folder 0700 and env.json, the log and stored files 0600 whatever the umask", async () => {
    const previousUmask = process.umask(0o022);
    try {
      const dataDir = path.join(temporaryDataDir(), "fresh");
      const engine = await fixtureEngine(dataDir);
      const storageId = await engine.storeFile(new Blob(["hello"], { type: "text/plain" }));
      await engine.close();

      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, "env.json"))).toBe(0o600);
      expect(modeOf(path.join(dataDir, "files"))).toBe(0o700);
      expect(modeOf(path.join(dataDir, "files", storageId))).toBe(0o600);
      for (const name of readdirSync(dataDir).filter((file) => /^(log-|snapshot)/.test(file))) {
        expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
      }
    } finally {
      process.umask(previousUmask);
    }
  });

  it("tightens a folder and env.json left readable by an older version", async () => {
    const dataDir = temporaryDataDir();
    const first = await fixtureEngine(dataDir);
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, "env.json"), 0o644);

    const second = await fixtureEngine(dataDir);
    await second.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "env.json"))).toBe(0o600);
  });
});
