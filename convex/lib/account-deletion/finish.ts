/**
 * The last stage of a deleted account: what is keyed by their address (sign-in back-off, a
 * pending sign-up, dev mailbox mails, Convex Auth's code limits), the rate-limiter allowances
 * keyed by their id, anything that let them in since the start (a Google sign-in linking to the
 * user row while it still existed), and finally the user row itself with the deletion's row.
 * From then on the address is free: it can register again.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { chatLimits } from "../chat-limits";
import { mailLimits, mailLimitsOf } from "../mail-limits";
import { reportLimits } from "../moderation/report-limits";
import { backoffKeys, trustKey } from "../sign-in-backoff";
import { uploadLimits } from "../upload-limits";
import { ROW_BATCH_FOR_ADDRESS, DELETION_CLIENT_ID } from "./constants";
import { deletionOf, removeProfile, removeSignIns } from "./start";

/**
 * Rows keyed by the address, a batch at a time (a mailbox can hold many mails); returns how many
 * went, and 0 once none is left and the user row itself has gone.
 */
export async function finishBatch(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const user = await ctx.db.get(userId);
  const email = user?.email;
  if (email !== undefined) {
    const removed = await deleteAddressRows(ctx, email);
    if (removed > 0) return removed;
  }
  await resetUserLimits(ctx, userId);
  if (email !== undefined) await resetAddressLimits(ctx, email);
  // Anything that let them in again since the start (a Google sign-in linking by address).
  await removeSignIns(ctx, userId);
  await removeProfile(ctx, userId);
  if (user !== null) await ctx.db.delete(userId);
  const deletion = await deletionOf(ctx, userId);
  if (deletion !== null) await ctx.db.delete(deletion._id);
  return 0;
}

async function deleteAddressRows(ctx: MutationCtx, email: string): Promise<number> {
  const keys = backoffKeys(email, DELETION_CLIENT_ID);
  const trust = trustKey(email, DELETION_CLIENT_ID);
  let removed = 0;
  for (const key of [keys.pair, keys.address]) {
    const rows = await ctx.db
      .query("signInFailures")
      .withIndex("by_key", (q) => q.eq("key", key))
      .take(ROW_BATCH_FOR_ADDRESS);
    for (const row of rows) await ctx.db.delete(row._id);
    removed += rows.length;
  }
  if (trust !== null) {
    const rows = await ctx.db
      .query("trustedSignInClients")
      .withIndex("by_key", (q) => q.eq("key", trust))
      .take(ROW_BATCH_FOR_ADDRESS);
    for (const row of rows) await ctx.db.delete(row._id);
    removed += rows.length;
  }
  const pending = await ctx.db
    .query("pendingSignUps")
    .withIndex("by_email", (q) => q.eq("email", email))
    .take(ROW_BATCH_FOR_ADDRESS);
  for (const row of pending) await ctx.db.delete(row._id);
  const mails = await ctx.db
    .query("devMailbox")
    .withIndex("by_to", (q) => q.eq("to", email))
    .take(ROW_BATCH_FOR_ADDRESS);
  for (const row of mails) await ctx.db.delete(row._id);
  const codeLimits = await ctx.db
    .query("authRateLimits")
    .withIndex("identifier", (q) => q.eq("identifier", email))
    .take(ROW_BATCH_FOR_ADDRESS);
  for (const row of codeLimits) await ctx.db.delete(row._id);
  return removed + pending.length + mails.length + codeLimits.length;
}

/**
 * The mail allowances of the address: only its verified owner can delete the account, so this
 * frees no stranger's way to flood the inbox; it keeps no address in the limiter's rows.
 */
async function resetAddressLimits(ctx: MutationCtx, email: string): Promise<void> {
  for (const [name, key] of mailLimitsOf(email, DELETION_CLIENT_ID)) {
    if (key === email) await mailLimits.reset(ctx, name, { key });
  }
}

/** The allowances keyed by the person's id alone (the per-room ones went with their rooms). */
async function resetUserLimits(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const key = userId as string;
  for (const name of ["chatHeartbeat", "chatRoomCreate", "privateMessage"] as const) {
    await chatLimits.reset(ctx, name, { key });
  }
  await uploadLimits.reset(ctx, "imageUpload", { key });
  for (const name of ["reportBurst", "reportDaily"] as const) await reportLimits.reset(ctx, name, { key });
}
