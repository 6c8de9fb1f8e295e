/**
 * The deployment's environment variables as `npx convex env` changes them: Convex's limits,
 * all-or-nothing changes, kept in env.json across restarts, and seen by functions at once.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvironmentChangeError } from "../../local-backend/engine/environment";
import { fixtureEngine, removeTemporaryDataDirs, temporaryDataDir } from "./engine-test-env";

afterAll(() => removeTemporaryDataDirs());

const names = (list: { name: string }[]) => list.map(({ name }) => name);

describe("environment variables changed through the engine", () => {
  it("sets and removes variables, keeps them across a restart, and remembers a removed default", async () => {
    const dataDir = temporaryDataDir();
    const engine = await fixtureEngine(dataDir);
    await engine.updateEnvironment([
      { name: "GREETING", value: "hello" },
      { name: "AUTH_DEV_MAILBOX", value: null },
    ]);
    expect(engine.env.GREETING).toBe("hello");
    expect(process.env.GREETING).toBe("hello");
    expect(engine.env.AUTH_DEV_MAILBOX).toBeUndefined();
    expect(process.env.AUTH_DEV_MAILBOX).toBeUndefined();
    const stored = JSON.parse(readFileSync(path.join(dataDir, "env.json"), "utf8")) as Record<string, unknown>;
    expect(stored).toMatchObject({ GREETING: "hello", AUTH_DEV_MAILBOX: null });
    await engine.close();

    const restarted = await fixtureEngine(dataDir);
    expect(restarted.env.GREETING).toBe("hello");
    expect(restarted.env.AUTH_DEV_MAILBOX).toBeUndefined();
    await restarted.updateEnvironment([
      { name: "GREETING", value: null },
      { name: "AUTH_DEV_MAILBOX", value: "1" },
    ]);
    expect(names(restarted.environmentVariables())).not.toContain("GREETING");
    expect(process.env.GREETING).toBeUndefined();
    expect(restarted.env.AUTH_DEV_MAILBOX).toBe("1");
    await restarted.close();
  });

  it("lists everything but the built-in addresses", async () => {
    const engine = await fixtureEngine();
    const listed = names(engine.environmentVariables());
    expect(listed).toEqual(expect.arrayContaining(["JWKS", "JWT_PRIVATE_KEY", "SITE_URL", "AUTH_DEV_MAILBOX"]));
    expect(listed).not.toContain("CONVEX_SITE_URL");
    expect(listed).not.toContain("CONVEX_CLOUD_URL");
    await engine.close();
  });

  it("refuses what Convex refuses, and a refused batch changes nothing", async () => {
    const engine = await fixtureEngine();
    const refused = async (name: string, value: string | null) =>
      await engine
        .updateEnvironment([
          { name: "FIRST_OF_BATCH", value: "x" },
          { name, value },
        ])
        .then(
          () => null,
          (error: unknown) => (error instanceof EnvironmentChangeError ? error.message : String(error)),
        );
    expect(await refused("1STARTS_WITH_DIGIT", "x")).toContain("must start with a letter");
    expect(await refused("HAS-DASH", "x")).toContain("only letters, numbers and underscores");
    expect(await refused(`N${"x".repeat(256)}`, "x")).toContain("at most 256 characters");
    expect(await refused("BIG", "x".repeat(8 * 1024 + 1))).toContain("larger than 8 KiB");
    expect(await refused("CONVEX_SITE_URL", "http://elsewhere")).toContain("built in");
    expect(await refused("JWKS", null)).toContain("cannot be removed");
    expect(await refused("JWT_PRIVATE_KEY", null)).toContain("cannot be removed");
    expect(engine.env.FIRST_OF_BATCH).toBeUndefined();
    await engine.close();
  });
});
