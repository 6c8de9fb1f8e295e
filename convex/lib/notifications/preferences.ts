/** A person's notification preferences: one row of the kinds they turned off, none = all on. */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import {
  PREFERENCE_KINDS,
  PREFERENCE_OF_KIND,
  type NotificationKind,
  type NotificationPreferences,
} from "../../shared/notifications";

export async function preferencesRow(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<Doc<"notificationPreferences"> | null> {
  return await ctx.db
    .query("notificationPreferences")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .first();
}

export function preferencesFrom(row: Doc<"notificationPreferences"> | null): NotificationPreferences {
  const disabled = new Set(row?.disabled ?? []);
  const preferences = {} as NotificationPreferences;
  for (const kind of PREFERENCE_KINDS) preferences[kind] = !disabled.has(kind);
  return preferences;
}

/** Whether the person wants this kind of notification (one index read). */
export async function wants(ctx: QueryCtx, userId: Id<"users">, kind: NotificationKind): Promise<boolean> {
  const row = await preferencesRow(ctx, userId);
  return row === null || !row.disabled.includes(PREFERENCE_OF_KIND[kind]);
}
