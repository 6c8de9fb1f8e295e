/**
 * The deployment environment variables functions read, kept in `<dataDir>/env.json`.
 *
 * Convex Auth signs its JWTs with JWT_PRIVATE_KEY and serves JWKS for verification; the pair is
 * generated on first start, so sessions stay valid across restarts. Variables set with
 * `npx convex env set` are stored beside them; `null` marks one of the local backend's defaults
 * (SITE_URL, AUTH_DEV_MAILBOX, …) removed with `npx convex env remove`, so it stays removed.
 * CONVEX_SITE_URL and CONVEX_CLOUD_URL are built in, as on Convex: always the backend's address.
 */
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { chmod, readFile } from "node:fs/promises";
import path from "node:path";
import { DataFolderProblem } from "./persisted-state";
import { PRIVATE_FILE_MODE, writeFileAtomically } from "./fs-durable";

type StoredKeys = { JWT_PRIVATE_KEY: string; JWKS: string };
/** env.json: the key pair, and what was set (a string) or removed (null) through the CLI. */
type StoredEnvironment = StoredKeys & Record<string, string | null>;

export type EnvironmentChange = { name: string; value: string | null };

export const ENV_FILE = "env.json";
const BUILT_IN = new Set(["CONVEX_SITE_URL", "CONVEX_CLOUD_URL"]);
/** Removing these would leave the backend unable to sign or check sessions. */
const REQUIRED = new Set(["JWT_PRIVATE_KEY", "JWKS"]);
// Convex's limits (docs.convex.dev/production/environment-variables).
const NAME_SHAPE = /^[A-Za-z][A-Za-z0-9_]*$/;
const MAX_NAME_LENGTH = 256;
const MAX_VALUE_BYTES = 8 * 1024;
const MAX_VARIABLES = 512;
const MAX_TOTAL_BYTES = 512 * 1024;

/** A change the deployment refuses; the message is for the person who asked. */
export class EnvironmentChangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvironmentChangeError";
  }
}

/** The deployment's environment, with its stored part and the file it lives in. */
export class Environment {
  private constructor(
    private readonly file: string,
    private stored: StoredEnvironment,
    private readonly defaults: Record<string, string>,
    /** What functions see; the same object is handed out as `engine.env` and kept current. */
    readonly values: Record<string, string>,
  ) {}

  static async load(dataDir: string, urls: { siteUrl: string; cloudUrl: string }): Promise<Environment> {
    const file = path.join(dataDir, ENV_FILE);
    const stored = await loadOrCreate(file);
    const defaults: Record<string, string> = {
      SITE_URL: urls.siteUrl,
      // Convex Auth's email provider writes codes to the devMailbox table instead of sending mail.
      AUTH_DEV_MAILBOX: "1",
      // Convex Auth logs every internal step ("`auth:store` type: signIn") at INFO; on a
      // deployment that goes to the dashboard's logs, here it would drown the terminal.
      AUTH_LOG_LEVEL: process.env.AUTH_LOG_LEVEL ?? "WARN",
    };
    const values = combine(defaults, stored, urls);
    return new Environment(file, stored, defaults, values);
  }

  /** The variables a deployment lists (`npx convex env list`): all but the built-in ones. */
  list(): { name: string; value: string }[] {
    return Object.entries(this.values)
      .filter(([name]) => !BUILT_IN.has(name))
      .map(([name, value]) => ({ name, value }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Applies `changes` (value null = remove) all or nothing: checked first, then written to
   * env.json, then visible to functions through `values` and process.env.
   */
  async update(changes: readonly EnvironmentChange[]): Promise<void> {
    for (const change of changes) checkChange(change);
    const stored: StoredEnvironment = { ...this.stored };
    for (const { name, value } of changes) {
      if (value === null && !(name in this.defaults)) delete stored[name];
      else stored[name] = value;
    }
    const next = combine(this.defaults, stored, {
      siteUrl: this.values.CONVEX_SITE_URL ?? "",
      cloudUrl: this.values.CONVEX_CLOUD_URL ?? "",
    });
    checkTotals(next);
    await writeFileAtomically(this.file, JSON.stringify(stored, null, 2) + "\n");
    this.stored = stored;
    for (const name of Object.keys(this.values)) {
      if (!(name in next)) {
        delete this.values[name];
        delete process.env[name];
      }
    }
    Object.assign(this.values, next);
    Object.assign(process.env, next);
  }
}

function combine(
  defaults: Record<string, string>,
  stored: StoredEnvironment,
  urls: { siteUrl: string; cloudUrl: string },
): Record<string, string> {
  const values: Record<string, string> = { ...defaults };
  for (const [name, value] of Object.entries(stored)) {
    if (value === null) delete values[name];
    else values[name] = value;
  }
  values.CONVEX_SITE_URL = urls.siteUrl;
  values.CONVEX_CLOUD_URL = urls.cloudUrl;
  return values;
}

function checkChange({ name, value }: EnvironmentChange): void {
  if (!NAME_SHAPE.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new EnvironmentChangeError(
      `Invalid environment variable name "${name}": it must start with a letter, contain only letters, ` +
        `numbers and underscores, and be at most ${MAX_NAME_LENGTH} characters long`,
    );
  }
  if (BUILT_IN.has(name)) {
    throw new EnvironmentChangeError(`${name} is built in: it is always the deployment's own address`);
  }
  if (value === null && REQUIRED.has(name)) {
    throw new EnvironmentChangeError(
      `${name} cannot be removed on the local backend: it signs and checks sessions. Set a new value instead`,
    );
  }
  if (value !== null && Buffer.byteLength(value) > MAX_VALUE_BYTES) {
    throw new EnvironmentChangeError(`The value of ${name} is larger than 8 KiB`);
  }
}

function checkTotals(values: Record<string, string>): void {
  const settable = Object.entries(values).filter(([name]) => !BUILT_IN.has(name));
  if (settable.length > MAX_VARIABLES) {
    throw new EnvironmentChangeError(`A deployment holds at most ${MAX_VARIABLES} environment variables`);
  }
  const total = settable.reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value), 0);
  if (total > MAX_TOTAL_BYTES) {
    throw new EnvironmentChangeError("The environment variables (names and values) would exceed 512 KiB");
  }
}

async function loadOrCreate(file: string): Promise<StoredEnvironment> {
  let text: string | null = null;
  try {
    text = await readFile(file, "utf8");
    // A key file written by an older version was readable by every local user.
    await chmod(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text === null) {
    const keys = await generateKeys();
    await writeFileAtomically(file, JSON.stringify(keys, null, 2) + "\n");
    return keys;
  }
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(text) as Record<string, unknown>;
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
  const odd = Object.entries(stored).find(([, value]) => typeof value !== "string" && value !== null);
  if (odd !== undefined) {
    throw new DataFolderProblem(`${ENV_FILE} is damaged: ${odd[0]} is neither text nor null`);
  }
  return stored as StoredEnvironment;
}

async function generateKeys(): Promise<StoredKeys> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return {
    JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
    JWKS: JSON.stringify({ keys: [{ use: "sig", alg: "RS256", ...publicJwk }] }),
  };
}
