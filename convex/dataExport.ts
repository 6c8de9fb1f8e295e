/**
 * "Download my data" (issue 30). The owner starts an export (one at a time); the internal action
 * dataExportBuild.build writes a ZIP of everything they wrote or uploaded into file storage,
 * reading it through the page queries below and reporting progress on the row; the owner
 * downloads it through GET /data-export (lib/data-export/download.ts) for an hour after it is
 * ready; the row and the file are deleted a day after the start.
 */
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalMutation, internalQuery } from "./_generated/server";
import { sessionUser } from "./lib/auth";
import { userMutation, userQuery } from "./lib/functions";
import {
  readMessagesPage,
  readProfile,
  readSectionPage,
  PAGED_SECTIONS,
  type ExportPage,
  type PagedSection,
} from "./lib/data-export/sections";
import {
  deleteStoredFile,
  EXPORT_ALREADY_RUNNING,
  isRunning,
  KEEP_EXPORT_MS,
  latestExport,
  removeExport,
} from "./lib/data-export/status";
import { DOWNLOAD_VALID_MS } from "./shared/data-export";

const sectionValidator = v.union(...PAGED_SECTIONS.map((section) => v.literal(section)));

/**
 * Starts a new export of the caller's data. Refused while one is running; a finished or failed
 * one is replaced (its file deleted). Reading the caller's export rows makes two starts at once
 * conflict, so the second retries, sees the first, and is refused.
 */
export const start = userMutation({
  args: {},
  handler: async (ctx): Promise<Id<"dataExports">> => {
    const now = Date.now();
    const previous = await latestExport(ctx, ctx.user._id);
    if (previous !== null && isRunning(previous, now)) throw new ConvexError(EXPORT_ALREADY_RUNNING);
    if (previous !== null) await removeExport(ctx, previous);
    const exportId = await ctx.db.insert("dataExports", {
      userId: ctx.user._id,
      status: "running",
      stage: "profile",
      progress: 0,
      startedAt: now,
      updatedAt: now,
    });
    await ctx.scheduler.runAfter(0, internal.dataExportBuild.build, { exportId });
    await ctx.scheduler.runAfter(KEEP_EXPORT_MS, internal.dataExport.expire, { exportId });
    return exportId;
  },
});

/**
 * The caller's export as the settings screen shows it, or null. The screen works out "expired"
 * and "stopped" from the times itself (a query's Date.now would be cached), one document read.
 */
export const mine = userQuery({
  args: {},
  handler: async (ctx) => {
    const row = await latestExport(ctx, ctx.user._id);
    if (row === null) return null;
    return {
      _id: row._id,
      status: row.status,
      stage: row.stage,
      progress: row.progress,
      size: row.size ?? null,
      error: row.error ?? null,
      startedAt: row.startedAt,
      updatedAt: row.updatedAt,
      finishedAt: row.finishedAt ?? null,
      expiresAt: row.finishedAt === undefined ? null : row.finishedAt + DOWNLOAD_VALID_MS,
    };
  },
});

/** The row the builder works for (its owner and state). */
export const job = internalQuery({
  args: { exportId: v.id("dataExports") },
  handler: async (ctx, { exportId }) => await ctx.db.get(exportId),
});

/** The person's account, profile and Duma deck. */
export const profilePage = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => await readProfile(ctx, userId),
});

/** One page (EXPORT_PAGE_SIZE rows) of one kind of the person's things. */
export const sectionPage = internalQuery({
  args: { userId: v.id("users"), section: sectionValidator, cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { userId, section, cursor }): Promise<ExportPage> =>
    await readSectionPage(ctx, userId, section as PagedSection, cursor),
});

/** One page of a conversation's messages (empty unless the person is in it). */
export const messagesPage = internalQuery({
  args: { userId: v.id("users"), conversationId: v.id("conversations"), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { userId, conversationId, cursor }): Promise<ExportPage> =>
    await readMessagesPage(ctx, userId, conversationId, cursor),
});

/** The builder's progress; false once the row is gone or no longer running (the build stops). */
export const progress = internalMutation({
  args: { exportId: v.id("dataExports"), stage: v.string(), progress: v.number() },
  handler: async (ctx, { exportId, stage, progress }): Promise<boolean> => {
    const row = await ctx.db.get(exportId);
    if (row === null || row.status !== "running") return false;
    await ctx.db.patch(exportId, { stage, progress, updatedAt: Date.now() });
    return true;
  },
});

/** The ZIP is stored: ready to download. A row that went meanwhile takes its file with it. */
export const finish = internalMutation({
  args: { exportId: v.id("dataExports"), storageId: v.id("_storage"), size: v.number() },
  handler: async (ctx, { exportId, storageId, size }) => {
    const row = await ctx.db.get(exportId);
    if (row === null || row.status !== "running") {
      await deleteStoredFile(ctx, storageId);
      return;
    }
    const now = Date.now();
    await ctx.db.patch(exportId, {
      status: "done",
      stage: "done",
      progress: 100,
      storageId,
      size,
      finishedAt: now,
      updatedAt: now,
    });
  },
});

/** The builder failed: the row says why, and a new export may start. */
export const fail = internalMutation({
  args: { exportId: v.id("dataExports"), error: v.string() },
  handler: async (ctx, { exportId, error }) => {
    const row = await ctx.db.get(exportId);
    if (row === null || row.status !== "running") return;
    await ctx.db.patch(exportId, { status: "failed", error, updatedAt: Date.now() });
  },
});

/** A day after the start (scheduled by `start`): the file and the row go. */
export const expire = internalMutation({
  args: { exportId: v.id("dataExports") },
  handler: async (ctx, { exportId }) => {
    const row = await ctx.db.get(exportId);
    if (row !== null) await removeExport(ctx, row);
  },
});

/**
 * What GET /data-export may hand to `userId` for the export named `exportId` (a string from the
 * URL): the file, or why not. Someone else's export is refused whatever its state.
 */
export const downloadable = internalQuery({
  args: { exportId: v.string() },
  handler: async (ctx, { exportId }) => {
    // The caller's session, not only the token: a device signed out elsewhere downloads nothing.
    const caller = await sessionUser(ctx);
    if (caller === null) return { kind: "signedOut" as const };
    const id = ctx.db.normalizeId("dataExports", exportId);
    const row = id === null ? null : await ctx.db.get(id);
    if (row === null) return { kind: "gone" as const };
    if (row.userId !== caller._id) return { kind: "notOwner" as const };
    if (row.status !== "done" || row.storageId === undefined || row.finishedAt === undefined) {
      return { kind: "notReady" as const };
    }
    if (Date.now() > row.finishedAt + DOWNLOAD_VALID_MS) return { kind: "expired" as const };
    return { kind: "ready" as const, storageId: row.storageId, size: row.size ?? null, finishedAt: row.finishedAt };
  },
});
