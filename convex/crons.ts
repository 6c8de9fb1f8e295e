import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Uploads nobody used within the grace period (files.ts ORPHAN_GRACE_MS) are deleted.
crons.interval("delete unused uploads", { minutes: 15 }, internal.files.sweepOrphans, {});

// Suspensions that have run out leave the moderators' list (they stop counting at once anyway).
crons.interval("clear ended suspensions", { minutes: 10 }, internal.moderation.clearEndedSuspensions, {});

// Cards and the feed's sort orders follow views, likes and comments within a minute; exact
// counts are on the detail page at once (lib/item-counts.ts).
crons.interval("refresh listed counts", { minutes: 1 }, internal.itemCounts.refresh, {});

// An account deletion whose batches stopped (a failed batch schedules no next one) goes on
// from where its row says (accountDeletion.ts).
crons.interval("resume stalled account deletions", { minutes: 5 }, internal.accountDeletion.resumeStalled, {});

// Sent mail (codes, addresses) does not stay in the resend component's tables (mail.ts).
crons.interval("forget old mail", { hours: 1 }, internal.mail.forgetOldMail, {});

// Read notifications not changed for 90 days go, a batch per run (notifications.deleteOldRead).
crons.interval("delete old read notifications", { hours: 1 }, internal.notifications.deleteOldRead, {});

// Rows whose parent is gone because a cascade was cut off (a failed run, or a move: backups leave
// pending scheduled functions out) go in a daily pass, a batch per run; this also restarts a
// pass whose chain of runs stopped (orphanSweep.ts).
crons.interval("sweep orphaned rows", { minutes: 10 }, internal.orphanSweep.sweep, {});

export default crons;
