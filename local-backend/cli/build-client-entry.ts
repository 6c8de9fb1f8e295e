/** `npm start`'s client build, run as a child task (child-task.ts): builds into argv[2]. */
import { buildClient } from "./build-client";
import { reportToParent } from "./child-task";

await reportToParent(() => buildClient(process.argv[2] ?? ""));
