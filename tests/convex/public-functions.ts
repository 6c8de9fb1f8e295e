/**
 * Every exported public query, mutation and action of convex/, found automatically, named as
 * clients call it ("books:page"). The access matrix (access-matrix.test.ts) and the read-budget
 * matrix (read-budget.test.ts) both list functions from here, so a new function fails each of
 * them until it has a row there.
 */
export type Kind = "query" | "mutation" | "action";
export type PublicFunction = { name: string; kind: Kind };

/** Every exported public function of convex/, named as clients call it ("books:page"). */
export function publicFunctions(): PublicFunction[] {
  const modules = import.meta.glob<Record<string, unknown>>(
    // convex.config.ts holds no functions; it only evaluates inside the Convex CLI's bundler.
    [
      "../../convex/**/*.ts",
      "!../../convex/_generated/**",
      "!../../convex/**/*.d.ts",
      "!../../convex/convex.config.ts",
    ],
    { eager: true },
  );
  const found: PublicFunction[] = [];
  for (const [path, exports] of Object.entries(modules)) {
    const moduleName = path.replace("../../convex/", "").replace(/\.ts$/, "");
    for (const [exportName, value] of Object.entries(exports)) {
      const kind = publicKind(value);
      if (kind) found.push({ name: `${moduleName}:${exportName}`, kind });
    }
  }
  return found;
}

function publicKind(value: unknown): Kind | null {
  if (typeof value !== "function") return null;
  const registered = value as { isPublic?: boolean; isQuery?: boolean; isMutation?: boolean; isAction?: boolean };
  if (!registered.isPublic) return null;
  if (registered.isQuery) return "query";
  if (registered.isMutation) return "mutation";
  if (registered.isAction) return "action";
  return null;
}
