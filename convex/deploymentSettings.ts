/** What an admin must fix in this deployment's settings (issue 34), shown on /moderation. */
import { mailSettingProblems } from "./lib/deployment-settings";
import { adminQuery } from "./lib/functions";

/**
 * The settings that keep mail from working, each with what goes wrong (empty when all is well).
 * Environment variables only: changing one re-runs the query on Convex.
 */
export const problems = adminQuery({
  args: {},
  handler: async () => mailSettingProblems(),
});
