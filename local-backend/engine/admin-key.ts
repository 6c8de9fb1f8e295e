/**
 * The deployment's admin key, as a self-hosted Convex deployment has one: whoever holds it may
 * run internal functions and use the admin endpoints the `npx convex` CLI calls (data, env,
 * export, import). It is made once, kept in `<dataDir>/admin-key` (mode 0600, like env.json)
 * and stays the same across restarts, so a key copied into a shell keeps working.
 *
 * Both the backend and `npm run admin-key` (which may run while the backend holds the folder's
 * lock) create it when missing; the file appears atomically with its content (a private draft
 * hard-linked into place, which fails if it exists), so the two can never end up with two keys.
 */
import { randomBytes } from "node:crypto";
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, fsyncFolder } from "./fs-durable";
import { DataFolderProblem } from "./persisted-state";

export const ADMIN_KEY_FILE = "admin-key";
/** Self-hosted Convex keys read "<instance name>|<secret>"; the CLI treats the key as opaque. */
const KEY_PREFIX = "local-backend|";
const KEY_SHAPE = /^[^\s|]+\|[0-9a-f]{64}$/;

/** The key in `dataDir`, made (with the folder) when there is none. */
export async function loadOrCreateAdminKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, ADMIN_KEY_FILE);
  const existing = await readKey(file);
  if (existing !== null) return existing;
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const draft = `${file}.${process.pid}.${Date.now()}`;
  try {
    await writeFile(draft, `${KEY_PREFIX}${randomBytes(32).toString("hex")}\n`, { mode: PRIVATE_FILE_MODE });
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      // Someone else made it first: theirs is the key.
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  await fsyncFolder(dataDir);
  const created = await readKey(file);
  if (created === null) throw new DataFolderProblem(`${ADMIN_KEY_FILE} could not be created`);
  return created;
}

async function readKey(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  // Copied or restored by hand with a looser mode: the key is as secret as the data.
  await chmod(file, PRIVATE_FILE_MODE);
  const key = text.trim();
  if (!KEY_SHAPE.test(key)) {
    throw new DataFolderProblem(
      `${ADMIN_KEY_FILE} is damaged (not an admin key): put back a good copy, or delete it to make a new key`,
    );
  }
  return key;
}
