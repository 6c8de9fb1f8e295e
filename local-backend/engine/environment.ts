/**
 * The deployment environment variables functions read. Convex Auth signs its JWTs with
 * JWT_PRIVATE_KEY and serves JWKS for verification; the pair is generated on first start and
 * kept in `<dataDir>/env.json`, so sessions stay valid across restarts.
 */
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { chmod, readFile } from "node:fs/promises";
import path from "node:path";
import { DataFolderProblem } from "./persisted-state";
import { PRIVATE_FILE_MODE, writeFileAtomically } from "./fs-durable";

type StoredKeys = { JWT_PRIVATE_KEY: string; JWKS: string };

export const ENV_FILE = "env.json";

export async function loadEnvironment(
  dataDir: string,
  urls: { siteUrl: string; cloudUrl: string },
): Promise<Record<string, string>> {
  const keys = await loadOrCreateKeys(path.join(dataDir, ENV_FILE));
  return {
    JWT_PRIVATE_KEY: keys.JWT_PRIVATE_KEY,
    JWKS: keys.JWKS,
    SITE_URL: urls.siteUrl,
    CONVEX_SITE_URL: urls.siteUrl,
    CONVEX_CLOUD_URL: urls.cloudUrl,
    // Convex Auth's email provider writes codes to the devMailbox table instead of sending mail.
    AUTH_DEV_MAILBOX: "1",
    // Convex Auth logs every internal step ("`auth:store` type: signIn") at INFO; on a
    // deployment that goes to the dashboard's logs, here it would drown the terminal.
    AUTH_LOG_LEVEL: process.env.AUTH_LOG_LEVEL ?? "WARN",
  };
}

async function loadOrCreateKeys(file: string): Promise<StoredKeys> {
  let text: string | null = null;
  try {
    text = await readFile(file, "utf8");
    // A key file written by an older version was readable by every local user.
    await chmod(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== null) {
    let stored: Partial<StoredKeys>;
    try {
      stored = JSON.parse(text) as Partial<StoredKeys>;
    } catch {
      throw new DataFolderProblem(
        `${ENV_FILE} is damaged (it is not valid JSON): put back a good copy, or delete it to make new keys ` +
          "(everyone then signs in again)",
      );
    }
    if (typeof stored.JWT_PRIVATE_KEY !== "string" || typeof stored.JWKS !== "string") {
      throw new DataFolderProblem(
        `${ENV_FILE} lacks JWT_PRIVATE_KEY or JWKS: put back a good copy, or delete it to make new keys ` +
          "(everyone then signs in again)",
      );
    }
    return { JWT_PRIVATE_KEY: stored.JWT_PRIVATE_KEY, JWKS: stored.JWKS };
  }
  const keys = await generateKeys();
  await writeFileAtomically(file, JSON.stringify(keys, null, 2) + "\n");
  return keys;
}

async function generateKeys(): Promise<StoredKeys> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return {
    JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
    JWKS: JSON.stringify({ keys: [{ use: "sig", alg: "RS256", ...publicJwk }] }),
  };
}
