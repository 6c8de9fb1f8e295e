/**
 * The build's route preloading (scripts/route-preload.ts): the table of route → chunk files
 * follows a page's own chunk and the shared chunks it imports, leaves out what the entry
 * already loads, and the inlined script preloads only the current page's files. The table of
 * first-visit routes names the very modules the router loads for those paths.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../local-backend/cli/build-client";
import { preloadScript, routeChunkTable } from "../../scripts/route-preload";
import { FIRST_VISIT_ROUTES } from "../../src/config/first-visit-routes";
import { paths } from "../../src/config/paths";

function chunk(fileName: string, fields: Partial<Rollup.OutputChunk>): Rollup.OutputChunk {
  return {
    type: "chunk",
    fileName,
    imports: [],
    isEntry: false,
    facadeModuleId: null,
    ...fields,
  } as Rollup.OutputChunk;
}

const root = "/project";
const bundle = {
  "assets/index.js": chunk("assets/index.js", { isEntry: true, imports: ["assets/react.js"] }),
  "assets/react.js": chunk("assets/react.js", {}),
  "assets/login-page.js": chunk("assets/login-page.js", {
    facadeModuleId: "/project/src/features/auth/login-page.tsx",
    imports: ["assets/auth-messages.js", "assets/react.js"],
  }),
  "assets/auth-messages.js": chunk("assets/auth-messages.js", { imports: ["assets/index.js"] }),
} as unknown as Rollup.OutputBundle;

describe("route preloading", () => {
  it("lists a route's own chunk and the shared ones it needs, not the entry's", () => {
    const table = routeChunkTable(bundle, { "/login": "src/features/auth/login-page.tsx" }, root);
    expect(table).toEqual({ "/login": ["assets/login-page.js", "assets/auth-messages.js"] });
  });

  it("fails the build when a route's module made no chunk", () => {
    expect(() => routeChunkTable(bundle, { "/gone": "src/features/gone.tsx" }, root)).toThrow(/no chunk/);
  });

  it("preloads the files of the page being opened, and nothing on other pages", () => {
    const script = preloadScript({ "/login": ["assets/login-page.js", "assets/auth-messages.js"] });
    // Runs the script against a stand-in page at `address`, collecting the links it adds.
    const preloads = (address: string) => {
      const added: { rel: string; href: string }[] = [];
      const document = {
        createElement: () => ({ rel: "", href: "" }),
        head: { appendChild: (link: { rel: string; href: string }) => added.push(link) },
      };
      new Function("location", "document", script)(new URL(address), document);
      return added.filter((link) => link.rel === "modulepreload").map((link) => link.href);
    };
    expect(preloads("http://localhost/login")).toEqual(["/assets/login-page.js", "/assets/auth-messages.js"]);
    expect(preloads("http://localhost/login/")).toHaveLength(2);
    expect(preloads("http://localhost/books/123")).toEqual([]);
  });

  it("names, for each first-visit route, the module the router loads for it", () => {
    const router = readFileSync(path.join(PROJECT_ROOT, "src/app/router.tsx"), "utf8");
    for (const [routePath, modulePath] of Object.entries(FIRST_VISIT_ROUTES)) {
      const importPath = `@/${modulePath.replace(/^src\//, "").replace(/\.tsx$/, "")}`;
      const line = router.split("\n").find((text) => text.includes(`import("${importPath}")`));
      expect(line, `router.tsx loads ${importPath}`).toBeDefined();
      if (routePath === "/") {
        expect(line).toContain("index: true");
      } else {
        const key = /path: paths\.(\w+)\.pattern/.exec(line!)?.[1] as keyof typeof paths | undefined;
        expect(key === undefined ? undefined : paths[key].pattern, `paths.${key} is ${routePath}`).toBe(routePath);
      }
    }
  });
});
