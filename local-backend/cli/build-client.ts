/**
 * Builds the React client with Vite's JS API (the project's vite.config.ts) into `outDir`.
 * Used by `npm start` (dist/) and by the browser tests (a temporary folder, once per run).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type BuildResult = { outDir: string; milliseconds: number };

export async function buildClient(outDir = path.join(PROJECT_ROOT, "dist")): Promise<BuildResult> {
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
