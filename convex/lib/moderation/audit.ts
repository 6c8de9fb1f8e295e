/**
 * The audit log's one writer. Rows are inserted here and nowhere else, and no function updates
 * or deletes them: the log is what moderators answer to.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { Actor } from "./roles";
import type { ModerationAction, ReportTargetKind } from "../../shared/moderation-validators";

export type LogEntry = {
  action: ModerationAction;
  target?: { kind: ReportTargetKind; id: string };
  subjectId?: Id<"users">;
  summary?: string;
  reason?: string;
  detail?: string;
};

export async function writeLog(ctx: MutationCtx, actor: Actor, entry: LogEntry): Promise<void> {
  const { target, ...rest } = entry;
  await ctx.db.insert("moderationLog", {
    ...rest,
    ...(actor.kind === "user" ? { actorId: actor.userId } : {}),
    ...(target ? { targetKind: target.kind, targetId: target.id } : {}),
  });
}
