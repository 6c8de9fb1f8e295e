/**
 * The Convex components an app uses, read from `convex/convex.config.ts` the way the Convex CLI
 * reads it. `app.use(definition)` only works on a definition that knows where it lives
 * (`componentDefinitionPath`), which the CLI's bundler provides by replacing each imported
 * `convex.config` with a reference. We do the same with esbuild: a config is bundled with its
 * component imports replaced by stubs carrying the component's folder and name, after the
 * imported components' own configs were read the same way (components can use components).
 */
import esbuild from "esbuild";
import { statSync } from "node:fs";
import path from "node:path";
import { externalByFileUrl, resolveAsUsual, withEsbuild } from "./esbuild-service";

/** One installed component: `path` is its place in the tree ("presence", "presence/batchWorker"). */
export type ComponentNode = {
  path: string;
  name: string;
  /** The folder holding the component's convex.config, schema and functions. */
  directory: string;
  /** How the app imported it when it is a package (e.g. "@convex-dev/presence"), else null. */
  packageName: string | null;
  children: ComponentNode[];
};

type Definition = {
  _name?: string;
  _childComponents: [string, { componentDefinitionPath: string }, ...unknown[]][];
};

type ImportedDefinition = { componentDefinitionPath: string; defaultName: string };

const STUB_NAMESPACE = "local-backend-component";
const REGISTRY = Symbol.for("local-backend.componentDefinitions");

/** The components of the app whose functions live in `convexDir`; [] without a convex.config. */
export async function loadComponentTree(convexDir: string): Promise<ComponentNode[]> {
  const configFile = ["convex.config.ts", "convex.config.js"]
    .map((name) => path.join(convexDir, name))
    .find((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
  if (configFile === undefined) return [];
  return await withEsbuild(async () => (await readConfig(configFile, "")).children);
}

async function readConfig(configFile: string, treePath: string): Promise<{ name: string; children: ComponentNode[] }> {
  const imports = new Map<string, string>();
  const bundle = await esbuild.build({
    entryPoints: [configFile],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    plugins: [componentStubs(imports)],
  });
  const definitionsByFile = new Map<string, { node: Omit<ComponentNode, "path" | "name">; name: string }>();
  for (const [file, specifier] of imports) {
    definitionsByFile.set(file, {
      name: "",
      node: { directory: path.dirname(file), packageName: packageNameOf(specifier), children: [] },
    });
  }
  const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Map<string, ImportedDefinition>;
  for (const [file, entry] of definitionsByFile) {
    // Children are read first: `use()` needs their names when this config runs.
    const child = await readConfig(file, "");
    entry.name = child.name;
    entry.node.children = child.children;
    registry.set(file, { componentDefinitionPath: file, defaultName: child.name });
  }
  const code = bundle.outputFiles[0]?.text ?? "";
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as {
    default?: Definition;
  };
  const definition = module.default;
  if (definition === undefined || !Array.isArray(definition._childComponents)) {
    throw new Error(`${configFile} does not export a defineApp() or defineComponent() definition as default`);
  }
  const children = definition._childComponents.map(([name, imported]): ComponentNode => {
    const entry = definitionsByFile.get(imported.componentDefinitionPath);
    if (entry === undefined) throw new Error(`${configFile} uses a component that is not a convex.config import`);
    const childPath = treePath === "" ? name : `${treePath}/${name}`;
    return { ...entry.node, name, path: childPath, children: reroot(entry.node.children, childPath) };
  });
  return { name: definition._name ?? "", children };
}

/** Children were read on their own (rooted at ""); put them under `parentPath`. */
function reroot(children: ComponentNode[], parentPath: string): ComponentNode[] {
  return children.map((child) => {
    const childPath = `${parentPath}/${child.name}`;
    return { ...child, path: childPath, children: reroot(child.children, childPath) };
  });
}

/**
 * Imports of another `convex.config` become a stub read from the registry; every other import
 * stays an import of the real file (by absolute URL, since the bundle runs from a data: URL).
 */
function componentStubs(imports: Map<string, string>): esbuild.Plugin {
  return {
    name: "local-backend-component-stubs",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === STUB_NAMESPACE) return undefined;
        const resolved = await resolveAsUsual(build, args, STUB_NAMESPACE);
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (/(^|[/\\])convex\.config\.[cm]?[jt]s$/.test(resolved.path)) {
          imports.set(resolved.path, args.path);
          return { path: resolved.path, namespace: STUB_NAMESPACE };
        }
        return externalByFileUrl(resolved, args.path);
      });
      build.onLoad({ filter: /.*/, namespace: STUB_NAMESPACE }, (args) => ({
        contents: `export default globalThis[Symbol.for("local-backend.componentDefinitions")].get(${JSON.stringify(args.path)});`,
        loader: "js",
      }));
    },
  };
}

/** "@convex-dev/presence/convex.config.js" → "@convex-dev/presence"; relative imports → null. */
function packageNameOf(specifier: string): string | null {
  if (specifier.startsWith(".") || path.isAbsolute(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? null);
}

/** Every component of the tree, parents before children. */
export function flattenComponents(nodes: ComponentNode[]): ComponentNode[] {
  return nodes.flatMap((node) => [node, ...flattenComponents(node.children)]);
}
