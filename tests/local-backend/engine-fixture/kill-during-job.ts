/**
 * Child process of the scheduled-job test: schedules a mutation that holds its transaction open
 * (HOLD_SCHEDULED_MUTATION_MS), prints "scheduled", and is killed by the test while it runs.
 * Usage: node --import tsx kill-during-job.ts <dataDir> <modulesDir>
 */
import { openEngine } from "../../../local-backend/engine/open-engine";

const [dataDir = "", modulesDir = ""] = process.argv.slice(2);
const engine = await openEngine({ dataDir, modulesDir, siteUrl: "http://127.0.0.1:1", cloudUrl: "http://127.0.0.1:1" });
await engine.runMutation("notes:addSlowlyLater", { text: "exactly once" }, null);
process.stdout.write("scheduled\n");
