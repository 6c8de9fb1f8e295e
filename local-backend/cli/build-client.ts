/**
 * Builds the React client with Vite's JS API (the project's vite.config.ts).
 * `npm start` builds into a temporary folder beside dist/ and renames it into place when complete
 * (`buildClientInPlace`, ./build-folders.ts); the browser tests and benchmarks build into a
 * temporary folder of their own (`buildClient`).
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { assertBuildFolder, placeBuild, removeAbandonedBuilds, temporaryBuildFolder } from "./build-folders";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DIST_DIR = path.join(PROJECT_ROOT, "dist");

export type BuildResult = { outDir: string; milliseconds: number };

/**
 * Builds into `outDir`, which Vite empties first: so it must be named explicitly, and a folder
 * that holds anything else (the project, its sources, the home folder) is refused before Vite runs.
 */
export async function buildClient(outDir: string): Promise<BuildResult> {
  assertBuildFolder(outDir, PROJECT_ROOT);
  const started = performance.now();
  await build({
    root: PROJECT_ROOT,
    configFile: path.join(PROJECT_ROOT, "vite.config.ts"),
    mode: "production",
    logLevel: "warn",
    // The client finds the local backend at its own origin; a VITE_CONVEX_URL left in the
    // environment (a Convex deployment's) would point the served app elsewhere.
    define: { "import.meta.env.VITE_CONVEX_URL": JSON.stringify("") },
    build: { outDir, emptyOutDir: true },
  });
  return { outDir, milliseconds: Math.round(performance.now() - started) };
}

/**
 * Builds into `dist.building-<pid>-<hex>` beside `finalDir` and renames it to `finalDir` once
 * complete, so concurrent starts never share a folder and nobody serves half a build.
 */
export async function buildClientInPlace(finalDir = DIST_DIR): Promise<BuildResult> {
  await removeAbandonedBuilds(finalDir);
  const building = temporaryBuildFolder(finalDir);
  try {
    const { milliseconds } = await buildClient(building);
    await placeBuild(building, finalDir);
    return { outDir: path.resolve(finalDir), milliseconds };
  } finally {
    // Gone once placed; a failed build leaves nothing behind.
    await rm(building, { recursive: true, force: true });
  }
}
