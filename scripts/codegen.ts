/**
 * `npm run codegen`: regenerates convex/_generated offline. `convex codegen --system-udfs` needs
 * no deployment but leaves out the `components` export that `npx convex dev` generates for the
 * components of convex/convex.config.ts; it is added here in the same form (each component's
 * `ComponentApi` type from its package, `componentsGeneric()` at run time).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "prettier";
import { loadComponentTree, type ComponentNode } from "../local-backend/engine/component-tree";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONVEX_DIR = path.join(ROOT, "convex");
const GENERATED = path.join(CONVEX_DIR, "_generated");

const codegen = spawnSync(
  process.execPath,
  // Its own typecheck would run before `components` is added below, and so always fail on the
  // modules that use components; `npm run typecheck` checks the result instead.
  [
    path.join(ROOT, "node_modules/convex/bin/main.js"),
    "codegen",
    "--system-udfs",
    "--typecheck=disable",
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: "inherit",
  },
);
if (codegen.status !== 0) process.exit(codegen.status ?? 1);

const components = await loadComponentTree(CONVEX_DIR);
if (components.length > 0) {
  await rewrite("api.d.ts", (text) => `${text}\n${componentsDeclaration(components)}\n`);
  await rewrite("api.js", (text) =>
    text
      .replace(`import { anyApi } from "convex/server";`, `import { anyApi, componentsGeneric } from "convex/server";`)
      .concat("\nexport const components = componentsGeneric();\n"),
  );
  console.log(`Components in convex/_generated/api: ${components.map((component) => component.name).join(", ")}`);
}

function componentsDeclaration(nodes: ComponentNode[]): string {
  const lines = nodes.map((node) => {
    const from = node.packageName ?? path.relative(GENERATED, node.directory).split(path.sep).join("/");
    return `  ${JSON.stringify(node.name)}: import("${from}/_generated/component.js").ComponentApi<${JSON.stringify(node.name)}>;`;
  });
  return `export declare const components: {\n${lines.join("\n")}\n};`;
}

async function rewrite(file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(GENERATED, file);
  const text = change(readFileSync(target, "utf8"));
  writeFileSync(target, await format(text, { filepath: target }));
}
