/**
 * This project's Convex functions as convex-test wants them: a map of "./convex/<path>" to a
 * dynamic import (it finds the functions root from the key containing "_generated"). Under
 * `node --import tsx` and under vitest the `.ts` files import directly.
 */
import { jsonToConvex, type JSONValue } from "convex/values";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { argumentValidationError } from "./argument-validation";
import { importBundled } from "./bundled-import";
import { checkReturnValuesOf } from "./limits";

export type ModuleMap = Record<string, () => Promise<Record<string, unknown>>>;

export const DEFAULT_MODULES_DIR = fileURLToPath(new URL("../../convex", import.meta.url));

export function convexModules(modulesDir: string): ModuleMap {
  if (!statSync(modulesDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`local backend: no Convex functions folder at ${modulesDir}`);
  }
  const modules: ModuleMap = {};
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.(ts|js|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
        const relative = path.relative(modulesDir, file).split(path.sep).join("/");
        const url = pathToFileURL(file).href;
        // Memoized: every function call loads its module, and each import() through tsx's
        // loader hooks costs ~0.45 ms even when cached (`npm run dev` restarts the process on change).
        let loaded: Promise<Record<string, unknown>> | undefined;
        modules[`./convex/${relative}`] = () => (loaded ??= importModule(file, url).then(checkReturnValuesOf));
      }
    }
  };
  visit(modulesDir);
  if (!Object.keys(modules).some((key) => key.includes("_generated"))) {
    throw new Error(`local backend: ${modulesDir}/_generated is missing; run \`npx convex codegen --system-udfs\``);
  }
  return modules;
}

/**
 * Node's import, or when Node cannot resolve one of the module's own imports (a package built
 * for bundlers), the module bundled as the Convex CLI would bundle it.
 */
async function importModule(file: string, url: string): Promise<Record<string, unknown>> {
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND" || !file.endsWith(".js")) throw error;
    return await importBundled(file);
  }
}

export type FunctionKind = "query" | "mutation" | "action";

export type RegisteredFunction = {
  exportArgs?: () => string;
  exportReturns?: () => string;
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
};

/** What `udfPath` ("module:export", the module with or without ".js") names in `modules`, if anything. */
export async function exportedFunction(modules: ModuleMap, udfPath: string): Promise<RegisteredFunction | null> {
  const [modulePath = "", exportName = "default"] = udfPath.split(":");
  const module = modulePath.replace(/\.js$/, "");
  const load = modules[`./convex/${module}.ts`] ?? modules[`./convex/${module}.js`];
  const exported = load === undefined ? undefined : ((await load())[exportName] as RegisteredFunction | undefined);
  return exported ?? null;
}

/**
 * Convex's refusal to schedule a function that does not exist (checked when it is scheduled, not
 * when it runs), or null when `udfPath` names a function of `modules`. `componentPath` ("" for
 * the app) is the component the function was looked up in.
 */
export async function unschedulableFunctionError(
  modules: ModuleMap | undefined,
  udfPath: string,
  componentPath: string,
): Promise<string | null> {
  const [modulePath = "", exportName = "default"] = udfPath.split(":");
  const module = `${modulePath.replace(/\.js$/, "")}.js`;
  const load = modules?.[`./convex/${module.replace(/\.js$/, ".ts")}`] ?? modules?.[`./convex/${module}`];
  if (load === undefined) {
    const where = componentPath === "" ? "" : `${componentPath} `;
    return `Attempted to schedule function at nonexistent path: ${where}${module}`;
  }
  if (modules !== undefined && (await exportedFunction(modules, udfPath)) !== null) return null;
  const inComponent = componentPath === "" ? "" : ` in '${componentPath}'`;
  return `Attempted to schedule function, but no exported function ${exportName} found in the file: ${module}${inComponent}. Did you forget to export it?`;
}

/** Whether `udfPath` ("module:export") is a query, mutation or action, or null when there is none. */
export async function functionKindOf(modules: ModuleMap, udfPath: string): Promise<FunctionKind | null> {
  const exported = await exportedFunction(modules, udfPath);
  if (exported === null) return null;
  return exported.isQuery ? "query" : exported.isMutation ? "mutation" : exported.isAction ? "action" : null;
}

/**
 * Finds the function a client names by "module:export" and tells whether it may be called:
 * it must exist, be of the expected kind and be public (or internal, for `access` "internal":
 * the admin key's holder), and `args` must match its validator. Returns an error message
 * (Convex's) or null.
 */
export async function checkClientCall(
  modules: ModuleMap,
  udfPath: string,
  kind: FunctionKind,
  args: JSONValue,
  access: "public" | "internal" = "public",
): Promise<string | null> {
  const notFound = `Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`;
  if (udfPath.startsWith("_generated")) return notFound;
  const exported = await exportedFunction(modules, udfPath);
  if (exported === null) return notFound;
  const actualKind = exported.isQuery
    ? "query"
    : exported.isMutation
      ? "mutation"
      : exported.isAction
        ? "action"
        : null;
  if (actualKind === null || (exported.isPublic !== true && access === "public")) return notFound;
  if (actualKind !== kind) {
    return `Trying to execute ${udfPath} as ${kind}, but it is defined as ${actualKind}.`;
  }
  const exportedArgs = validatorsOf(exported).args;
  return exportedArgs === null ? null : argumentValidationError(exportedArgs, jsonToConvex(args));
}

/**
 * A function's `args` and `returns` validators as it exports them (null: none), made once:
 * `exportArgs()` builds the text anew on every call, and every call checks its arguments.
 */
export function validatorsOf(fn: RegisteredFunction): { args: string | null; returns: string | null } {
  let validators = exportedValidators.get(fn);
  if (validators === undefined) {
    const returns = typeof fn.exportReturns === "function" ? fn.exportReturns() : "null";
    validators = {
      args: typeof fn.exportArgs === "function" ? fn.exportArgs() : null,
      returns: returns === "null" ? null : returns,
    };
    exportedValidators.set(fn, validators);
  }
  return validators;
}

const exportedValidators = new WeakMap<RegisteredFunction, { args: string | null; returns: string | null }>();
