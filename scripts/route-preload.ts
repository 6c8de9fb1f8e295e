/**
 * A Vite plugin that lets a first visit fetch the current page's code at once. Screens are
 * lazy-loaded (src/app/router.tsx), so without help the browser learns about a page's chunk only
 * after the main script has downloaded and run: one more round trip before the page can paint,
 * the largest part of a cold phone load after the main script. A few lines inlined into
 * index.html look up `location.pathname` in a table of route → chunk files (written at build
 * time from the bundle) and add `<link rel="modulepreload">` for them while the main script is
 * still downloading.
 */
import path from "node:path";
import type { Rollup } from "vite";
import type { Plugin } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Route path (exact, as in paths.ts) → the module its `lazy` route imports (project-relative). */
export type RouteModules = Record<string, string>;

/** The chunk files a route needs beyond the entry: its own and the shared chunks it imports. */
export function routeChunkTable(bundle: OutputBundle, routes: RouteModules, root: string): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set(
    chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
  );
  const table: Record<string, string[]> = {};
  for (const [routePath, modulePath] of Object.entries(routes)) {
    const moduleId = path.resolve(root, modulePath);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId);
    if (chunk === undefined) throw new Error(`route-preload: no chunk for ${modulePath} (route ${routePath})`);
    const files: string[] = [];
    const visit = (file: string) => {
      if (files.includes(file) || entryFiles.has(file)) return;
      files.push(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    table[routePath] = files;
  }
  return table;
}

/** The inline script: preloads the chunks of the page being opened, if it is in the table. */
export function preloadScript(table: Record<string, string[]>, base = "/"): string {
  return `(function(){var t=${JSON.stringify(table)},f=t[location.pathname.replace(/\\/+$/,"")||"/"];if(f)for(var i=0;i<f.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=${JSON.stringify(base)}+f[i];document.head.appendChild(l)}})();`;
}

export function routePreloadPlugin(routes: RouteModules): Plugin {
  let root = process.cwd();
  let base = "/";
  return {
    name: "dumy:route-preload",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (context.bundle === undefined) return;
        const script = preloadScript(routeChunkTable(context.bundle, routes, root), base);
        return [{ tag: "script", children: script, injectTo: "head" }];
      },
    },
  };
}
