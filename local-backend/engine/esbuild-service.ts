/**
 * esbuild runs its builds in a helper process that stays alive after them; the serving process
 * has no use for it once modules are loaded, so it is stopped, but only when no build is running:
 * `esbuild.stop()` during another build leaves that build's promise unsettled for good (two
 * component modules bundled at once, or two backends opening in one process).
 */
import esbuild from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";

let running = 0;
let stopping: Promise<void> = Promise.resolve();

/** Runs `task` with esbuild; the helper process stops once the last running task is done. */
export async function withEsbuild<T>(task: (build: typeof esbuild) => Promise<T>): Promise<T> {
  // Counted before waiting, so a task ending meanwhile does not stop the helper under this one.
  running++;
  try {
    await stopping;
    return await task(esbuild);
  } finally {
    running--;
    if (running === 0) stopping = esbuild.stop();
  }
}

/**
 * Resolves an import as esbuild would without the asking plugin, whose `mark` (its pluginData)
 * keeps it from being asked again about its own lookup.
 */
export async function resolveAsUsual(
  build: esbuild.PluginBuild,
  args: esbuild.OnResolveArgs,
  mark: string,
): Promise<esbuild.ResolveResult> {
  return await build.resolve(args.path, {
    kind: args.kind,
    resolveDir: args.resolveDir,
    importer: args.importer,
    pluginData: mark,
  });
}

/**
 * An import esbuild resolved, left out of the bundle: by its file's URL (the bundle runs from a
 * data: URL, where a bare or relative name means nothing), or as written when it is no file.
 */
export function externalByFileUrl(resolved: esbuild.ResolveResult, written: string): esbuild.OnResolveResult {
  if (resolved.external === true || !path.isAbsolute(resolved.path)) return { path: written, external: true };
  return { path: pathToFileURL(resolved.path).href, external: true };
}
