/**
 * Vite plugin: cuts two branches of React Router that only its framework and RSC modes reach, and
 * with them the code behind them (~1.7 KB gzip of the first download). The app uses the data
 * router (createBrowserRouter + RouterProvider), where:
 * - <Link> renders <PrefetchPageLinks> only when `shouldPrefetch` is true, and
 *   usePrefetchBehavior returns false for it whenever there is no framework context;
 * - the route error boundary renders <RSCErrorHandler> only inside an RSC router.
 * Each branch's element becomes what it renders without it. If an update of react-router changes
 * these lines, the build warns and keeps the code (larger, never wrong).
 */
import type { Plugin } from "vite";

const REACT_ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;

const FRAMEWORK_ONLY: readonly { name: string; element: RegExp; replacement: string }[] = [
  {
    name: "Link prefetch",
    element: /React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/,
    replacement: "null",
  },
  {
    name: "RSC error handler",
    element: /React\d*\.createElement\(RSCErrorHandler, \{ error \}, result\)/,
    replacement: "result",
  },
];

export function reactRouterDataModePlugin(): Plugin {
  return {
    name: "dumy:react-router-data-mode",
    apply: "build",
    transform(code, id) {
      if (!REACT_ROUTER_FILE.test(id) || !code.includes("function PrefetchPageLinks(")) return null;
      let result = code;
      for (const { name, element, replacement } of FRAMEWORK_ONLY) {
        if (element.test(result)) result = result.replace(element, replacement);
        else this.warn(`react-router-data-mode: "${name}" not found in ${id}; that code stays in the bundle`);
      }
      return { code: result, map: null };
    },
  };
}
