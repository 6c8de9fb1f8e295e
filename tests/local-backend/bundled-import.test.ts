import path from "node:path";
import { describe, expect, it } from "vitest";
import { importBundled } from "../../local-backend/engine/bundled-import";

describe("function modules of packages built for bundlers (@convex-dev/sharded-counter's)", () => {
  it("load although they import their own files without an extension, bundled as the Convex CLI bundles them", async () => {
    const entry = path.join(import.meta.dirname, "bundled-import-fixture", "entry.js");
    expect(await importBundled(entry)).toMatchObject({ answer: 42 });
  });
});

describe("esbuild's helper process", () => {
  it("is stopped only once no build runs: modules bundled at once all load", async () => {
    const entry = path.join(import.meta.dirname, "bundled-import-fixture", "entry.js");
    // Each used to stop the helper when done, under the others' builds, which then never settled.
    const loaded = await Promise.all(Array.from({ length: 4 }, () => importBundled(entry)));
    expect(loaded.map((module) => module.answer)).toEqual([42, 42, 42, 42]);
  }, 20_000);
});
