import { customAction, customCtx, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import { internal } from "../_generated/api";
import type { Doc } from "../_generated/dataModel";
import { action, mutation, query } from "../_generated/server";
import { requireVerifiedUser } from "./auth";
import { requireRole } from "./moderation/roles";

/**
 * Public functions for signed-in users with a verified e-mail. Every feature builds on these,
 * so a function cannot forget the check: `ctx.user` is the caller's users document.
 */
export const userQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ user: await requireVerifiedUser(ctx) })),
);

/**
 * Figures every member sees alike and that tell nothing about anyone (how many pages the feed,
 * the board or the people fill). They read no login on purpose: Convex then runs such a query
 * once per change and shares the result among all its readers, where a userQuery re-runs for
 * each reader (a new post would re-run one count per open feed). Anything else is a userQuery.
 */
export const sharedFigureQuery = query;

export const userMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ user: await requireVerifiedUser(ctx) })),
);

/** Actions have no database: the check runs as a query with the caller's identity. */
export const userAction = customAction(
  action,
  customCtx(async (ctx): Promise<{ user: Doc<"users"> }> => {
    const user: Doc<"users"> = await ctx.runQuery(internal.users.verifiedCaller, {});
    return { user };
  }),
);

/** Moderators and admins only (issue 16); `ctx.actor` is who the audit log names. */
export const moderatorQuery = customQuery(
  query,
  customCtx(async (ctx) => await requireRole(ctx, "moderator")),
);
export const moderatorMutation = customMutation(
  mutation,
  customCtx(async (ctx) => await requireRole(ctx, "moderator")),
);

/** Admins only: handing out and taking back roles. */
export const adminQuery = customQuery(
  query,
  customCtx(async (ctx) => await requireRole(ctx, "admin")),
);
export const adminMutation = customMutation(
  mutation,
  customCtx(async (ctx) => await requireRole(ctx, "admin")),
);
