/**
 * Imports a function module the way the Convex CLI reads it: bundled by esbuild first. Packages
 * built for bundlers import their own files without an extension (`./_generated/server`), which
 * Node refuses and the CLI's bundler resolves; `@convex-dev/sharded-counter` is one. Package imports
 * stay imports of the installed packages, by absolute URL (the bundle runs from a data: URL), so
 * `convex/server` is the very module the engine uses.
 */
import type esbuild from "esbuild";
import { externalByFileUrl, resolveAsUsual, withEsbuild } from "./esbuild-service";

const RESOLVING = "local-backend-bundled-import";

export async function importBundled(file: string): Promise<Record<string, unknown>> {
  const code = await withEsbuild(async (esbuild) => {
    const bundle = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      logLevel: "silent",
      plugins: [packagesByUrl()],
    });
    return bundle.outputFiles[0]?.text ?? "";
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as Record<
    string,
    unknown
  >;
}

/** Bare imports ("convex/server") become external imports of the resolved file's URL. */
function packagesByUrl(): esbuild.Plugin {
  return {
    name: "local-backend-packages-by-url",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        const resolved = await resolveAsUsual(build, args, RESOLVING);
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return externalByFileUrl(resolved, args.path);
      });
    },
  };
}
