import { customCtx, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import { mutation, query } from "../_generated/server";
import { requireVerifiedUser } from "./auth";

/**
 * Public functions for signed-in users with a verified e-mail. Every feature builds on these,
 * so a function cannot forget the check: `ctx.user` is the caller's users document.
 */
export const userQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ user: await requireVerifiedUser(ctx) })),
);

export const userMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ user: await requireVerifiedUser(ctx) })),
);
