/**
 * `npm start`'s client build, run as a child task (child-task.ts): builds beside the folder
 * argv[2] (dist/) and renames the complete build into place (build-client.ts).
 */
import { buildClientInPlace } from "./build-client";
import { reportToParent } from "./child-task";

await reportToParent(async () => {
  const finalDir = process.argv[2];
  if (finalDir === undefined || finalDir === "") throw new Error("the client build was given no folder");
  return await buildClientInPlace(finalDir);
});
