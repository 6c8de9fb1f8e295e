import path from "node:path";
import { describe, expect, it } from "vitest";
import { importBundled } from "../../local-backend/engine/bundled-import";

describe("function modules of packages built for bundlers (@convex-dev/sharded-counter's)", () => {
  it("load although they import their own files without an extension, bundled as the Convex CLI bundles them", async () => {
    const entry = path.join(import.meta.dirname, "bundled-import-fixture", "entry.js");
    expect(await importBundled(entry)).toMatchObject({ answer: 42 });
  });
});
