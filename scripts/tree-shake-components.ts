/**
 * Vite plugin: lets the client bundle drop `convex/_generated/api.js`'s `components` export.
 * Convex's code generator writes `export const components = componentsGeneric();`, a call the
 * bundler must keep (it cannot know the call has no effects), and with it a large part of
 * `convex/server` (about 3 KB gzip). Only server code uses `components`, so the call is marked
 * pure here, at build time, rather than in the generated file, which `npx convex dev` rewrites.
 */
import type { Plugin } from "vite";

const GENERATED_API = /[\\/]convex[\\/]_generated[\\/]api\.js$/;
const COMPONENTS_CALL = "= componentsGeneric()";

export function treeShakeComponentsPlugin(): Plugin {
  return {
    name: "tree-shake-convex-components",
    transform(code, id) {
      if (!GENERATED_API.test(id) || !code.includes(COMPONENTS_CALL)) return null;
      return { code: code.replace(COMPONENTS_CALL, "= /* @__PURE__ */ componentsGeneric()"), map: null };
    },
  };
}
