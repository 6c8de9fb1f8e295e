/**
 * Child process of the durability test: writes notes and files through the engine as fast as
 * it can and prints every acknowledged write, until the test kills it with SIGKILL.
 * Usage: node --import tsx write-until-killed.ts <dataDir> <modulesDir>
 */
import { openEngine } from "../../../local-backend/engine/open-engine";

const [dataDir = "", modulesDir = ""] = process.argv.slice(2);
const engine = await openEngine({ dataDir, modulesDir, siteUrl: "http://127.0.0.1:1", cloudUrl: "http://127.0.0.1:1" });
// stdout is a pipe: writes to it are synchronous on Linux, so a printed line is never lost.
const acknowledge = (line: string) => process.stdout.write(`${line}\n`);

async function writeNotes(writer: number) {
  for (let i = 0; ; i++) {
    const text = `writer ${writer} note ${i}`;
    const id = await engine.runMutation("notes:add", { text }, null);
    acknowledge(`note ${String(id)} ${text}`);
  }
}

async function writeFiles() {
  for (let i = 0; ; i++) {
    const content = `file number ${i}`;
    const id = await engine.storeFile(new Blob([content], { type: "text/plain" }));
    acknowledge(`file ${id} ${content}`);
  }
}

async function compactNowAndThen() {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    await engine.compact();
  }
}

acknowledge("ready");
for (let writer = 0; writer < 6; writer++) void writeNotes(writer);
void writeFiles();
void compactNowAndThen();
