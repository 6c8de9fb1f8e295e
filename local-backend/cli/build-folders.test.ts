/**
 * `npm start`'s client build goes to a folder of its own and is renamed into place when complete
 * (build-folders.ts): two starts never share a folder, dist/ is never half written, and Vite's
 * `emptyOutDir` is never pointed at a folder holding anything else. Run on a stand-in project
 * in a temporary folder (no Vite build: the renames and the checks are what is tested).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertBuildFolder, placeBuild, removeAbandonedBuilds, temporaryBuildFolder } from "./build-folders";

/** As build-client.ts has it (not imported from there: that loads Vite). */
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

let project: string;
let dist: string;

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), "build-folders-"));
  dist = path.join(project, "dist");
});

afterEach(() => rmSync(project, { recursive: true, force: true }));

/** A complete build: index.html and an asset, both naming `label`. */
function completeBuild(folder: string, label: string): string {
  mkdirSync(path.join(folder, "assets"), { recursive: true });
  writeFileSync(path.join(folder, "index.html"), `<html>${label}</html>`);
  writeFileSync(path.join(folder, "assets", "app.js"), `console.log(${JSON.stringify(label)})`);
  return folder;
}

const served = () => readFileSync(path.join(dist, "index.html"), "utf8");

describe("the temporary build folder", () => {
  it("is beside dist/, named for this process, and new each time", () => {
    const first = temporaryBuildFolder(dist);
    expect(path.dirname(first)).toBe(project);
    expect(path.basename(first)).toMatch(new RegExp(`^dist\\.building-${process.pid}-[0-9a-f]{8}$`));
    expect(temporaryBuildFolder(dist)).not.toBe(first);
  });
});

describe("placing a build", () => {
  it("renames the complete build to dist/ when there was none", async () => {
    expect(await placeBuild(completeBuild(temporaryBuildFolder(dist), "first"), dist)).toBe("placed");
    expect(served()).toBe("<html>first</html>");
    expect(readdirSync(project)).toEqual(["dist"]);
  });

  it("replaces the old dist/ whole and leaves nothing of it beside", async () => {
    completeBuild(dist, "old");
    writeFileSync(path.join(dist, "assets", "old-only.js"), "");
    await placeBuild(completeBuild(temporaryBuildFolder(dist), "new"), dist);
    expect(served()).toBe("<html>new</html>");
    expect(existsSync(path.join(dist, "assets", "old-only.js"))).toBe(false);
    expect(readdirSync(project)).toEqual(["dist"]);
  });

  it("lets starts place their builds at once: all succeed, dist/ is one of them whole", async () => {
    completeBuild(dist, "old");
    const builds = ["a", "b", "c", "d"].map((label) => completeBuild(temporaryBuildFolder(dist), label));
    const outcomes = await Promise.all(builds.map(async (build) => await placeBuild(build, dist)));
    expect(outcomes).toContain("placed");
    expect(["<html>a</html>", "<html>b</html>", "<html>c</html>", "<html>d</html>"]).toContain(served());
    const label = /<html>(\w)<\/html>/.exec(served())?.[1];
    expect(readFileSync(path.join(dist, "assets", "app.js"), "utf8")).toBe(`console.log("${label}")`);
    expect(readdirSync(project)).toEqual(["dist"]);
  });

  it("puts the old dist/ back when the new build cannot be placed", async () => {
    completeBuild(dist, "old");
    await expect(placeBuild(temporaryBuildFolder(dist), dist)).rejects.toThrow(/ENOENT/);
    expect(served()).toBe("<html>old</html>");
    expect(readdirSync(project)).toEqual(["dist"]);
  });
});

describe("builds of starts that were killed", () => {
  it("are removed by the next build; a live start's folder is left alone", async () => {
    const gone = completeBuild(`${dist}.building-999999999-0badf00d`, "killed");
    const asideByGone = completeBuild(`${dist}.old-999999999-0badf00d`, "aside");
    const live = completeBuild(temporaryBuildFolder(dist), "running");
    const unrelated = completeBuild(path.join(project, "dist.building-notes"), "mine");
    expect(await removeAbandonedBuilds(dist)).toEqual(
      expect.arrayContaining([path.basename(gone), path.basename(asideByGone)]),
    );
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(asideByGone)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });
});

describe("the folder Vite empties", () => {
  const refused = (outDir: string) => () => assertBuildFolder(outDir, PROJECT_ROOT);

  it("is refused when empty, relative, the root, the home folder or the project (or above it)", () => {
    expect(refused("")).toThrow(/refusing to build the client into "": not an absolute path/);
    expect(refused("dist")).toThrow(/not an absolute path/);
    expect(refused("/")).toThrow(/holds other things/);
    expect(refused(homedir())).toThrow(/refusing/);
    expect(refused(PROJECT_ROOT)).toThrow(/it holds the project/);
    expect(refused(path.dirname(PROJECT_ROOT))).toThrow(/it holds the project/);
    expect(refused(`${PROJECT_ROOT}/dist/..`)).toThrow(/it holds the project/);
  });

  it("inside the project, is only dist/ or one of its temporary build folders", () => {
    for (const folder of [
      "src",
      "public",
      "convex",
      ".data",
      "dist/assets",
      "dist.old-1-0badf00d",
      "dist.building-x",
    ]) {
      expect(refused(path.join(PROJECT_ROOT, folder)), folder).toThrow(/only dist\/ and its temporary build folders/);
    }
    expect(refused(path.join(PROJECT_ROOT, "dist"))).not.toThrow();
    expect(refused(temporaryBuildFolder(path.join(PROJECT_ROOT, "dist")))).not.toThrow();
    expect(refused(path.join(tmpdir(), "e2e-client-abc"))).not.toThrow();
  });
});
