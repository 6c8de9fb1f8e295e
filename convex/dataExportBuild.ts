"use node";
/**
 * The action that builds a "Download my data" ZIP (lib/data-export/build.ts). It runs in the
 * Node.js runtime on purpose: the finished ZIP is held in memory until ctx.storage.store takes
 * it, and a person with 200 photos can pass the default runtime's 64 MiB action memory, where
 * Node.js actions get 512 MiB.
 */
import { v } from "convex/values";
import { internalAction } from "./_generated/server";
import { buildExport } from "./lib/data-export/build";

export const build = internalAction({
  args: { exportId: v.id("dataExports") },
  handler: async (ctx, { exportId }) => {
    await buildExport(ctx, exportId);
  },
});
