/**
 * Vite plugin: builds with React Router's production files. react-router's package.json points
 * every condition at dist/development/ (remix-run/react-router#12532, #14753), whose only
 * difference from dist/production/ is `ENABLE_DEV_WARNINGS = true`: console warnings and the
 * "Hey developer" text of the default error page, about 0.6 KB gzip of the first download.
 * Build only: the dev server and tests keep the warnings.
 */
import type { Plugin } from "vite";

const DEVELOPMENT_DIR = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;

export function reactRouterProductionPlugin(): Plugin {
  return {
    name: "dumy:react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && source !== "react-router/dom") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || !DEVELOPMENT_DIR.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id.replace(DEVELOPMENT_DIR, "$1production$2") };
    },
  };
}
