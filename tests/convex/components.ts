/// <reference types="vite/client" />
/**
 * Registers the Convex components of convex/convex.config.ts with a convex-test backend, under
 * the names the app installs them with, so app functions that call `components.*` run in
 * unit tests as on a deployment. Each package's own test helper registers its schema and
 * functions (and the components it uses itself). tests/local-backend/components.test.ts checks
 * that this list matches convex.config.ts.
 */
import migrationsTest from "@convex-dev/migrations/test";
import presenceTest from "@convex-dev/presence/test";
import rateLimiterTest from "@convex-dev/rate-limiter/test";
import resendTest from "@convex-dev/resend/test";
import shardedCounterTest from "@convex-dev/sharded-counter/test";
import type { TestConvex } from "convex-test";
import type { GenericSchema, SchemaDefinition } from "convex/server";

type AnyTestConvex = TestConvex<SchemaDefinition<GenericSchema, boolean>>;

/** The component names of convex.config.ts and how each registers itself. */
export const APP_COMPONENTS = {
  rateLimiter: rateLimiterTest.register,
  presence: presenceTest.register,
  shardedCounter: shardedCounterTest.register,
  migrations: migrationsTest.register,
  resend: resendTest.register,
} satisfies Record<string, (t: AnyTestConvex, name: string) => void>;

export function registerComponents<T extends AnyTestConvex>(t: T): T {
  for (const [name, register] of Object.entries(APP_COMPONENTS)) register(t, name);
  return t;
}
