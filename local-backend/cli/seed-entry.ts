/**
 * `npm start`'s demo content, run as a child task (child-task.ts): opens the data folder argv[2]
 * for the backend at argv[3] and seeds it when it is new (a folder that ever held data never is).
 */
import { openEngine } from "../engine/open-engine";
import { seedDemoContent } from "../seed/run-seed";
import { reportToParent } from "./child-task";

await reportToParent(async () => {
  const [dataDir = "", url = ""] = process.argv.slice(2);
  // npm start made the folder in its preflight: one gone since is refused, never seeded anew.
  const engine = await openEngine({ dataDir, siteUrl: url, cloudUrl: url, createDataFolder: false });
  try {
    if (!engine.isNew) return false;
    await seedDemoContent(engine);
    return true;
  } finally {
    await engine.close();
  }
});
