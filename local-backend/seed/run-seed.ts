/**
 * Demo content for an EMPTY data folder: the server calls `seedDemoContent(engine)` once, when
 * `engine.isNew` is true. It creates the demo users (./users.ts), then runs every feature
 * seeder of this folder.
 *
 * ── Contract for feature seeders ────────────────────────────────────────────────────────────
 * Any `local-backend/seed/<name>.ts` other than users.ts and run-seed.ts is a feature seeder
 * and must export:
 *
 *     export async function seed(ctx: SeedContext): Promise<void>
 *
 * Seeders run one after another in file-name order, except that a seeder may export
 * `order` (a number, default 100; lower runs first); a failing seeder is reported and the
 * others still run. `SeedContext` gives:
 *   - `users`: `{ alice, bob, carol }`, the demo users' `Id<"users">` (verified, with profiles
 *     named Alice, Bob, Carol; password "demo-password").
 *   - `run(fn)`: runs `fn(ctx: MutationCtx)` as one transaction with full access (no rules,
 *     internal tables too); its writes are durable when it resolves. Use it to insert rows.
 *   - `mutationAs(user, "module:export", args)` / `queryAs(...)`: call a PUBLIC function as a
 *     demo user, through the same path as a browser (identity, validation, rules).
 *   - `storeFile(blob, owner)`: stores a file (e.g. an image) as uploaded and confirmed by the
 *     demo user `owner` (an `uploads` row), so that user's public functions may use it once;
 *     returns its `Id<"_storage">`. Demo files are trusted: the upload check is not applied.
 *   - `engine`: the whole Engine, for anything else.
 *   - `asOf(time, fn)`: runs `fn` as if the clock read `time` (ms since 1970), so what it creates
 *     carries that date (`_creationTime`): demo content spread over past days. Times must only
 *     grow across the seeding (Convex keeps creation times increasing); the demo users are made
 *     `DEMO_HISTORY_DAYS` days ago, and seeders that do not ask for a time run at the real time,
 *     so they belong after the backdated ones (`order`).
 * Keep seeders quick (a few dozen rows), deterministic, and free of network access.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { JSONValue } from "convex/values";
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import type { Engine, Identity } from "../engine/types";
import { seedUsers, type DemoUsers } from "./users";

export type SeedContext = {
  engine: Engine;
  asOf<T>(time: number, fn: () => Promise<T>): Promise<T>;
  users: DemoUsers;
  run<T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T>;
  mutationAs(user: Id<"users">, udfPath: string, args: JSONValue): Promise<JSONValue>;
  queryAs(user: Id<"users">, udfPath: string, args: JSONValue): Promise<JSONValue>;
  storeFile(blob: Blob, owner: Id<"users">): Promise<Id<"_storage">>;
};

const SEED_FOLDER = path.dirname(fileURLToPath(import.meta.url));
const NOT_FEATURE_SEEDERS = new Set(["users.ts", "run-seed.ts"]);

/** How far back the demo content goes: the users joined then, books and posts came after. */
export const DEMO_HISTORY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `hour` o'clock (local time), `days` calendar days before `now`: a moment for demo content. */
export function daysAgoAt(now: number, days: number, hour: number): number {
  const moment = new Date(now);
  moment.setDate(moment.getDate() - days);
  moment.setHours(hour, 0, 0, 0);
  return moment.getTime();
}

type FeatureSeeder = { file: string; order: number; seed: (ctx: SeedContext) => Promise<void> };

export async function seedDemoContent(engine: Engine): Promise<void> {
  const users = await asOf(Date.now() - DEMO_HISTORY_DAYS * DAY_MS, () => seedUsers(engine));
  const context = seedContext(engine, users);
  for (const seeder of await featureSeeders()) {
    try {
      await seeder.seed(context);
    } catch (error) {
      console.error(`local backend: seeding ${seeder.file} failed:`, error);
    }
  }
  await refreshListedCounts(engine);
  await context.endSessions();
}

/**
 * The seed likes, views and comments through the app's functions, which count on the items'
 * counters; cards show the counts on the documents, which the cron refreshes each minute. Done
 * here at once, so the first screens show the demo's counts.
 */
async function refreshListedCounts(engine: Engine): Promise<void> {
  for (;;) {
    const result = (await engine.runMutation("itemCounts:refresh", {}, null, "internal")) as { isDone: boolean };
    if (result.isDone) return;
  }
}

async function featureSeeders(): Promise<FeatureSeeder[]> {
  const seeders: FeatureSeeder[] = [];
  for (const file of featureSeederFiles()) {
    try {
      const module = (await import(pathToFileURL(path.join(SEED_FOLDER, file)).href)) as {
        seed?: (ctx: SeedContext) => Promise<void>;
        order?: number;
      };
      if (typeof module.seed !== "function") throw new Error("it does not export `seed(ctx)`");
      seeders.push({ file, order: typeof module.order === "number" ? module.order : 100, seed: module.seed });
    } catch (error) {
      console.error(`local backend: seeding ${file} failed:`, error);
    }
  }
  // Stable: equal orders keep their file-name order.
  return seeders.sort((a, b) => a.order - b.order);
}

function featureSeederFiles(): string[] {
  return readdirSync(SEED_FOLDER)
    .filter((file) => /\.ts$/.test(file) && !/\.(test|d)\.ts$/.test(file) && !NOT_FEATURE_SEEDERS.has(file))
    .sort();
}

/**
 * Runs `fn` with the clock reading `time`. Only for seeding, which runs before the server
 * answers anyone; the real clock is back as soon as `fn` settles.
 */
async function asOf<T>(time: number, fn: () => Promise<T>): Promise<T> {
  const realNow = Date.now;
  Date.now = () => time;
  try {
    return await fn();
  } finally {
    Date.now = realNow;
  }
}

function seedContext(engine: Engine, users: DemoUsers): SeedContext & { endSessions(): Promise<void> } {
  const identities = new Map<Id<"users">, Promise<Identity>>();
  // Like a signed-in browser: Convex Auth's subject is "<userId>|<sessionId>".
  const identityOf = (userId: Id<"users">) => {
    let identity = identities.get(userId);
    if (identity === undefined) {
      identity = engine.admin
        .run((ctx) => ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 3_600_000 }))
        .then((sessionId) => {
          const issuer = engine.env.CONVEX_SITE_URL ?? "";
          const subject = `${userId}|${sessionId}`;
          return { subject, issuer, tokenIdentifier: `${issuer}|${subject}` };
        });
      identities.set(userId, identity);
    }
    return identity;
  };
  return {
    engine,
    users,
    asOf,
    run: (fn) => engine.admin.run(fn),
    mutationAs: async (user, udfPath, args) => await engine.runMutation(udfPath, args, await identityOf(user)),
    queryAs: async (user, udfPath, args) => await engine.runQuery(udfPath, args, await identityOf(user)),
    storeFile: async (blob, owner) => {
      const storageId = (await engine.storeFile(blob)) as Id<"_storage">;
      await engine.admin.run((ctx) => ctx.db.insert("uploads", { storageId, ownerId: owner, attached: false }));
      return storageId;
    },
    // The sessions above only existed for seeding; nobody signed in.
    endSessions: async () => {
      const sessionIds = (await Promise.all(identities.values())).map((identity) => identity?.subject.split("|")[1]);
      await engine.admin.run(async (ctx) => {
        for (const sessionId of sessionIds) {
          const id = sessionId === undefined ? null : ctx.db.normalizeId("authSessions", sessionId);
          if (id !== null) await ctx.db.delete(id);
        }
      });
    },
  };
}
