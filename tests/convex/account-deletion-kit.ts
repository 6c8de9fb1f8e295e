/**
 * What the account-deletion tests share: a backend that remembers its components (so a test can
 * read every table of every component), a password user signed in as a browser would be, and a
 * scan of every document for a user id.
 */
/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import { vi } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { userByEmail, verifiedUser } from "./auth-kit";
import { registerComponents } from "./components";
import { modules, type TestBackend } from "./test-env";

type AnySchema = SchemaDefinition<GenericSchema, boolean>;
type ComponentTables = { path: string; tables: string[] };

/** convex-test runs a handler inside a component (not in its published types). */
type WithComponentRun = {
  runInComponent: <T>(path: string, handler: (ctx: { db: AnyDb }) => Promise<T>) => Promise<T>;
};
type AnyDb = { query: (table: string) => { collect: () => Promise<Record<string, unknown>[]> } };

/** A backend as newBackend() makes it, plus the path and tables of every component it registered. */
export function backendWithComponents(): { t: TestBackend; components: ComponentTables[] } {
  const components: ComponentTables[] = [];
  const t = convexTest(schema, modules);
  const register = t.registerComponent.bind(t);
  t.registerComponent = (path: string, componentSchema: AnySchema, glob: Record<string, () => Promise<unknown>>) => {
    components.push({ path, tables: Object.keys(componentSchema.tables) });
    register(path, componentSchema, glob);
  };
  return { t: registerComponents(t) as TestBackend, components };
}

/** A user who signed up with a password and verified, and a client with their session. */
export async function passwordUser(t: TestBackend, email: string) {
  await verifiedUser(t, email);
  const user = await userByEmail(t, email);
  if (user === null) throw new Error("no user");
  const sessionId = await t.run(async (ctx) => {
    const session = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", user._id))
      .first();
    return session!._id;
  });
  return { userId: user._id, email, as: t.withIdentity({ subject: `${user._id}|${sessionId}` }) };
}

/** A document as text to search, bigints (component counters) included. */
function textOf(doc: unknown): string {
  return JSON.stringify(doc, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

/** Every document (app tables and every component's) whose JSON holds `id`, as "path:table". */
export async function holdersOf(t: TestBackend, components: ComponentTables[], id: string): Promise<string[]> {
  const found: string[] = [];
  await t.run(async (ctx) => {
    for (const table of Object.keys(schema.tables)) {
      const docs = await ctx.db.query(table as "users").collect();
      for (const doc of docs) if (textOf(doc).includes(id)) found.push(`app:${table}`);
    }
    for (const table of ["_scheduled_functions", "_storage"] as const) {
      const docs = await ctx.db.system.query(table).collect();
      for (const doc of docs) if (textOf(doc).includes(id)) found.push(`system:${table}`);
    }
  });
  const runner = t as unknown as WithComponentRun;
  for (const { path, tables } of components) {
    await runner.runInComponent(path, async (ctx) => {
      for (const table of tables) {
        const docs = await ctx.db.query(table).collect();
        for (const doc of docs) if (textOf(doc).includes(id)) found.push(`${path}:${table}`);
      }
    });
  }
  return found;
}

/** Runs every scheduled function (and those they schedule) to the end. */
export async function runScheduled(t: TestBackend, maxIterations = 10_000): Promise<void> {
  await t.finishAllScheduledFunctions(vi.runAllTimers, maxIterations);
}

export type Person = { userId: Id<"users">; as: ReturnType<TestBackend["withIdentity"]> };
