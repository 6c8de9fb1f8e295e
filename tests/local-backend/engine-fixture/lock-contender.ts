/**
 * Child process of the lock test: on "lock <dir>" it tries to lock the folder and prints "held"
 * or "refused"; on "unlock" it lets go. Several of these race for one folder.
 * Usage: node --import tsx lock-contender.ts
 */
import { createInterface } from "node:readline";
import { lockDataFolder } from "../../../local-backend/engine/data-folder";

let unlock: (() => Promise<void>) | null = null;
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const [command, dir = ""] = line.split(" ");
  if (command === "lock") {
    try {
      unlock = await lockDataFolder(dir);
      process.stdout.write("held\n");
    } catch (error) {
      process.stdout.write(`refused ${(error as Error).message}\n`);
    }
  } else if (command === "unlock") {
    await unlock?.();
    unlock = null;
    process.stdout.write("unlocked\n");
  }
}
