import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Uploads nobody used within the grace period (files.ts ORPHAN_GRACE_MS) are deleted.
crons.interval("delete unused uploads", { minutes: 15 }, internal.files.sweepOrphans, {});

// Suspensions that have run out leave the moderators' list (they stop counting at once anyway).
crons.interval("clear ended suspensions", { minutes: 10 }, internal.moderation.clearEndedSuspensions, {});

export default crons;
