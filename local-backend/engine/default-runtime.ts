/**
 * Whether `convex/` bundles for Convex's default runtime the way the Convex CLI bundles it on
 * `npx convex dev` / `deploy` (convex/src/bundler: esbuild, platform "browser", conditions
 * "convex" and "module", every module without "use node" as an entry point, `async_hooks` and
 * `server-only` provided). Functions run in Node here, so a query or mutation importing a Node
 * built-in would work here and fail at deploy; the engine refuses to load such code with the
 * message the CLI prints.
 */
import type esbuild from "esbuild";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { withEsbuild } from "./esbuild-service";

/** The Convex CLI's advice after esbuild's "Are you trying to bundle for node?" (bundler/index.ts). */
export const USE_NODE_ADVICE =
  'It looks like you are using Node APIs from a file without the "use node" directive.\n' +
  'Split out actions using Node.js APIs like this into a new file only containing actions that uses "use node" so these actions will run in a Node.js environment.\n' +
  "For more information see https://docs.convex.dev/functions/runtimes#nodejs-runtime";

const ENTRY_POINT_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];
const USE_NODE = /^\s*("|')use node("|');?\s*$/m;

/** Functions that would fail `npx convex deploy`; the message is the CLI's. */
export class DefaultRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DefaultRuntimeError";
  }
}

/** Results by folder and the state of its files: a process starting several backends checks once. */
const checked = new Map<string, string | null>();

/** The CLI's message when convex/ does not bundle for the default runtime, or null when it does. */
export async function defaultRuntimeProblem(convexDir: string): Promise<string | null> {
  const key = `${convexDir}\u0000${filesSignature(convexDir)}`;
  if (checked.has(key)) return checked.get(key) ?? null;
  const problem = await bundleProblem(convexDir);
  checked.set(key, problem);
  return problem;
}

function filesSignature(folder: string): string {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const { mtimeMs, size } = statSync(file);
      return `${file}:${mtimeMs}:${size}`;
    })
    .sort()
    .join("|");
}

async function bundleProblem(convexDir: string): Promise<string | null> {
  const entryPoints = isolateEntryPoints(convexDir);
  if (entryPoints.length === 0) return null;
  try {
    await withEsbuild((build) =>
      build.build({
        entryPoints,
        bundle: true,
        platform: "browser",
        format: "esm",
        target: "esnext",
        jsx: "automatic",
        outdir: "out",
        outbase: convexDir,
        conditions: ["convex", "module"],
        plugins: [runtimeProvided],
        write: false,
        treeShaking: true,
        define: { "process.env.NODE_ENV": '"production"' },
        logLevel: "silent",
      }),
    );
    return null;
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    if (!Array.isArray(failure.errors)) throw error;
    const lines = failure.errors.map((message) => {
      const where =
        message.location === null
          ? ""
          : `${message.location.file}:${message.location.line}:${message.location.column}: `;
      return `esbuild error: ${where}${message.text}`;
    });
    const nodeApis = failure.errors.some((message) =>
      message.notes.some((note) => note.text.includes("Are you trying to bundle for node?")),
    );
    return [...lines, ...(nodeApis ? ["", USE_NODE_ADVICE] : [])].join("\n");
  }
}

/** What the CLI bundles for the default runtime: modules outside _generated, without "use node". */
function isolateEntryPoints(convexDir: string): string[] {
  const entryPoints: string[] = [];
  const visit = (folder: string, relative: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      const relPath = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (relPath !== "_generated" && !entry.name.startsWith(".") && entry.name !== "node_modules") {
          visit(file, relPath);
        }
        continue;
      }
      const base = entry.name;
      if (!ENTRY_POINT_EXTENSIONS.some((extension) => base.endsWith(extension)) || base.endsWith(".d.ts")) continue;
      if (base.startsWith(".") || base.startsWith("#") || base === "schema.ts" || base === "schema.js") continue;
      if ((base.match(/\./g) ?? []).length > 1 || relPath.includes(" ")) continue;
      const source = readFileSync(file, "utf8");
      if (USE_NODE.test(source)) continue;
      if ((base.endsWith(".ts") || base.endsWith(".tsx")) && !/^\s{0,100}(import|export)/m.test(source)) continue;
      entryPoints.push(file);
    }
  };
  visit(convexDir, "");
  return entryPoints;
}

/** The Convex runtime has AsyncLocalStorage; `server-only` is a marker package with nothing in it. */
const runtimeProvided: esbuild.Plugin = {
  name: "convex-runtime-provided",
  setup(build) {
    build.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({ path: args.path, namespace: "runtime-shim" }));
    build.onResolve({ filter: /^server-only$/ }, (args) => ({ path: args.path, namespace: "runtime-shim" }));
    build.onLoad({ filter: /.*/, namespace: "runtime-shim" }, (args) => ({
      contents: args.path.endsWith("async_hooks")
        ? "export const AsyncLocalStorage = globalThis.AsyncLocalStorage; export const AsyncResource = globalThis.AsyncResource; export default { AsyncLocalStorage, AsyncResource };"
        : "export {};",
      loader: "js",
    }));
  },
};
