import { cronJobs, makeFunctionReference } from "convex/server";

/** A cron the engine test waits for; it only writes the ticks table. */
const crons = cronJobs();
crons.interval("record a tick", { seconds: 1 }, makeFunctionReference<"mutation">("ticks:record"), { source: "cron" });
export default crons;
