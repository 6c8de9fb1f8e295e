/**
 * Whether a row's parent still exists, for the orphan sweep. One batch of children often shares a
 * few parents (a room's messages, a post's comments), so each batch looks every parent up once.
 */
import type { Id, TableNames } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { ReportTargetKind } from "../../shared/moderation-validators";
import { storedTarget } from "../moderation/targets";

/** The tables a notification's `targetKind` names. */
const NOTIFICATION_TARGET_TABLES = { book: "books", post: "posts", chatRoom: "chatRooms" } as const;

/** The tables a notification's `sourceId` may point into (lib/notifications/fold.ts). */
const NOTIFICATION_SOURCE_TABLES = ["bookComments", "postComments", "chatMessages"] as const;

/** Looks parents up by id, each once per batch. */
export class ParentLookup {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly ctx: QueryCtx) {}

  /** Whether the document `id` (of any table) exists. */
  async exists(id: Id<TableNames>): Promise<boolean> {
    const cached = this.known.get(id);
    if (cached !== undefined) return cached;
    const found = (await this.ctx.db.get(id)) !== null;
    this.known.set(id, found);
    return found;
  }

  /**
   * Whether `id`, a string stored without a table, names an existing document of one of
   * `tables`. An id of none of them (malformed) counts as gone: nothing could be its parent.
   */
  async existsIn(tables: readonly TableNames[], id: string): Promise<boolean> {
    for (const table of tables) {
      const normalized = this.ctx.db.normalizeId(table, id);
      if (normalized !== null) return await this.exists(normalized);
    }
    return false;
  }

  /** Whether what a notification points at (item, then comment or message) is still there. */
  async notificationTargetsExist(row: {
    targetKind?: keyof typeof NOTIFICATION_TARGET_TABLES;
    targetId?: string;
    sourceId?: string;
  }): Promise<boolean> {
    if (row.targetKind !== undefined && row.targetId !== undefined) {
      if (!(await this.existsIn([NOTIFICATION_TARGET_TABLES[row.targetKind]], row.targetId))) return false;
    }
    if (row.sourceId !== undefined) return await this.existsIn(NOTIFICATION_SOURCE_TABLES, row.sourceId);
    return true;
  }

  /** Whether the reported thing of a moderators' queue row is still there. */
  async reportTargetExists(row: { targetKind: ReportTargetKind; targetId: string }): Promise<boolean> {
    const target = storedTarget(this.ctx, row.targetKind, row.targetId);
    return target !== null && (await this.exists(target.id));
  }
}
