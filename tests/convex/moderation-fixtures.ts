import type { Id } from "../../convex/_generated/dataModel";
import type { Role } from "../../convex/shared/moderation-validators";
import { signedInUser, type TestBackend } from "./test-env";

/** A verified user holding `role` (given straight in the table, as grantRole would). */
export async function staffUser(t: TestBackend, role: Role = "moderator", name = "Mod") {
  const user = await signedInUser(t, { name });
  await t.run(async (ctx) => {
    await ctx.db.insert("roles", { userId: user.userId, role });
  });
  return user;
}

export async function suspendDirectly(t: TestBackend, userId: Id<"users">, endsAt: number | null, reason = "Spam") {
  await t.run(async (ctx) => {
    await ctx.db.insert("suspensions", { userId, endsAt, reason });
  });
}

export async function auditRows(t: TestBackend) {
  return await t.run((ctx) => ctx.db.query("moderationLog").collect());
}

export async function reportRows(t: TestBackend) {
  return await t.run(async (ctx) => ({
    items: await ctx.db.query("reportedItems").collect(),
    reports: await ctx.db.query("reports").collect(),
  }));
}
