/**
 * The REAL Convex CLI (`node_modules/convex/bin/main.js`) against a local backend, as a developer
 * runs it: CONVEX_SELF_HOSTED_URL and CONVEX_SELF_HOSTED_ADMIN_KEY in the environment, the
 * project as working folder. One backend serves every case (each CLI start costs about a second).
 * CI=1 keeps the CLI from reporting its own errors to Sentry (it would try the network).
 */
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZip } from "../../local-backend/server/admin/zip";
import { startLocalBackend } from "../../local-backend/server/start-server";
import { runConvexCli as convex } from "./convex-cli-env";
import { newClient, removeTestDataDirs, startTestBackend } from "./server-fixture/protocol-env";

/** The moderators' first step on a new deployment (README, "Moderating with the Convex dashboard"). */
const INTERNAL_FUNCTION = "moderation:grantRole";
const INTERNAL_ARGS = { email: "alice@example.com", role: "admin" };
/** A harmless internal mutation that leaves a row the export and import tests then move around. */
const MAILBOX_FUNCTION = "mail:queue";
const MAILBOX_ARGS = { to: "cli@example.com", subject: "From the CLI", text: "12345678", html: "<p>12345678</p>" };

let backend: Awaited<ReturnType<typeof startTestBackend>>;
let work: string;

beforeAll(async () => {
  backend = await startTestBackend();
  work = mkdtempSync(path.join(tmpdir(), "convex-cli-test-"));
}, 30_000);

afterAll(async () => {
  await backend?.close();
  removeTestDataDirs();
  rmSync(work, { recursive: true, force: true });
});

const mailboxSize = () => backend.engine.admin.documents("devMailbox").length;

describe("the Convex CLI with the admin key", () => {
  const cli = (...args: string[]) => convex(args, backend.url, backend.engine.adminKey);
  /** Whether the app offers Google sign-in, which it does when AUTH_GOOGLE_ID and _SECRET are set. */
  const googleOffered = async () =>
    (JSON.parse((await cli("run", "users:signInOptions")).stdout) as { google: boolean }).google;

  it("lists the tables with `data`", async () => {
    const result = await cli("data");
    expect(result.code).toBe(0);
    const tables = result.stdout.trim().split("\n");
    expect(tables).toEqual(expect.arrayContaining(["users", "books", "profiles", "devMailbox"]));
    expect(tables.some((table) => table.startsWith("_"))).toBe(false);
  });

  it("prints a table's documents with `data <table>`", async () => {
    const result = await cli("data", "users", "--format", "jsonl");
    expect(result.code).toBe(0);
    const users = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { email?: string; _id: string });
    expect(users.map((user) => user.email).sort()).toEqual([
      "alice@example.com",
      "bob@example.com",
      "carol@example.com",
    ]);
  });

  it("makes the first admin with `run moderation:grantRole`, recorded in `roles` and the audit log", async () => {
    const result = await cli("run", INTERNAL_FUNCTION, JSON.stringify(INTERNAL_ARGS));
    expect(result.code).toBe(0);
    const alice = (backend.engine.admin.documents("users") as { _id: string; email?: string }[]).find(
      (user) => user.email === "alice@example.com",
    );
    const roles = await cli("data", "roles", "--format", "jsonl");
    expect(roles.stdout).toContain(`"${alice?._id}"`);
    expect(roles.stdout).toContain('"admin"');
    const log = await cli("data", "moderationLog", "--format", "jsonl");
    expect(log.stdout).toContain('"grant"');
  });

  it("runs an internal function with `run`, and its write is there for `data`", async () => {
    const result = await cli("run", MAILBOX_FUNCTION, JSON.stringify(MAILBOX_ARGS));
    expect(result.code).toBe(0);
    const mailbox = await cli("data", "devMailbox");
    expect(mailbox.stdout).toContain('"cli@example.com"');
  });

  it("runs an internal query with `run` and prints its result", async () => {
    const result = await cli("run", "users:addressTaken", '{"email": "alice@example.com"}');
    expect({ code: result.code, stdout: result.stdout.trim() }).toEqual({ code: 0, stdout: "true" });
  });

  it("runs a function as the identity `run --identity` names, and as nobody without it", async () => {
    const asNobody = await cli("run", "users:callerIsSignedIn");
    expect(asNobody.stdout.trim()).toBe("false");
    const asSomeone = await cli("run", "users:callerIsSignedIn", "--identity", '{"subject": "someone|session"}');
    expect(asSomeone.stdout.trim()).toBe("true");
  });

  it("sets, gets, lists and removes environment variables, which functions see at once and env.json keeps", async () => {
    expect(await googleOffered()).toBe(false);
    expect((await cli("env", "set", "AUTH_GOOGLE_ID", "google-id")).code).toBe(0);
    expect((await cli("env", "set", "AUTH_GOOGLE_SECRET=google secret")).code).toBe(0);
    expect((await cli("env", "get", "AUTH_GOOGLE_SECRET")).stdout.trim()).toBe("google secret");
    const listed = (await cli("env", "list")).stdout;
    expect(listed).toContain("AUTH_GOOGLE_ID=google-id");
    expect(listed).not.toContain("CONVEX_SITE_URL");
    expect(await googleOffered()).toBe(true);
    const stored = JSON.parse(readFileSync(path.join(backend.dataDir, "env.json"), "utf8")) as Record<string, unknown>;
    expect(stored).toMatchObject({ AUTH_GOOGLE_ID: "google-id", AUTH_GOOGLE_SECRET: "google secret" });

    expect((await cli("env", "remove", "AUTH_GOOGLE_ID")).code).toBe(0);
    expect((await cli("env", "get", "AUTH_GOOGLE_ID")).stderr).toContain(
      'Environment variable "AUTH_GOOGLE_ID" not found',
    );
    expect(await googleOffered()).toBe(false);
    expect(process.env.AUTH_GOOGLE_ID).toBeUndefined();
    expect((await cli("env", "remove", "AUTH_GOOGLE_SECRET")).code).toBe(0);
  });

  it("refuses to remove the session key pair and to set the built-in addresses", async () => {
    const removed = await cli("env", "remove", "JWKS");
    expect(removed.code).not.toBe(0);
    expect(removed.stderr).toContain("JWKS cannot be removed");
    const set = await cli("env", "set", "CONVEX_SITE_URL", "http://elsewhere");
    expect(set.code).not.toBe(0);
    expect(set.stderr).toContain("CONVEX_SITE_URL is built in");
  });

  it("answers the commands it does not support (push, inline queries) at once instead of letting the CLI retry", async () => {
    const result = await cli("run", "--inline-query", 'await ctx.db.query("books").first()');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("NotSupported");
  });

  it("exports a ZIP snapshot holding each table's documents with `export --path`", async () => {
    const file = path.join(work, "snapshot.zip");
    const result = await cli("export", "--path", file);
    expect(result.code).toBe(0);
    const entries = new Map(readZip(readFileSync(file)).map(({ name, data }) => [name, data.toString("utf8")]));
    const users = (entries.get("users/documents.jsonl") ?? "").trim().split("\n");
    expect(users.map((line) => (JSON.parse(line) as { email: string }).email).sort()).toEqual([
      "alice@example.com",
      "bob@example.com",
      "carol@example.com",
    ]);
    expect(entries.get("devMailbox/documents.jsonl")).toContain("cli@example.com");
    expect(entries.has("_storage/documents.jsonl")).toBe(false);
    // Beside each table, what a Convex export writes today: its documents use the one lossless
    // encoding, in which a number written without a point would be an int64. The system table
    // `_tables` (each database's table names, as in a Convex export) has none.
    const tables = [...entries.keys()].filter(
      (name) => name.endsWith("/documents.jsonl") && !name.includes("_tables/"),
    );
    expect(tables).toContain("_components/shardedCounter/counters/documents.jsonl");
    for (const table of tables) {
      expect(entries.get(table.replace("documents.jsonl", "generated_schema.jsonl"))).toBe('"uniform"\n');
    }
    expect(users.every((line) => /"_creationTime":\d+\.\d+[,}]/.test(line))).toBe(true);
  });

  it("imports its export into a fresh backend with `import`, document for document", async () => {
    const file = path.join(work, "whole.zip");
    expect((await cli("export", "--path", file)).code).toBe(0);
    const dataDir = mkdtempSync(path.join(tmpdir(), "convex-cli-fresh-"));
    const fresh = await startLocalBackend({ port: 0, dataDir, seed: false, log: () => {} });
    try {
      const result = await convex(["import", "--yes", file], fresh.url, fresh.engine.adminKey);
      expect(result.code).toBe(0);
      const exported = readZip(readFileSync(file)).filter(({ name }) => name.endsWith("/documents.jsonl"));
      expect(exported.length).toBeGreaterThan(3);
      for (const { name, data } of exported) {
        // `[_components/<name>/…]<table>/documents.jsonl`; `_tables` only names the tables.
        const steps = name.slice(0, -"/documents.jsonl".length).split("/");
        const table = steps.pop() ?? "";
        if (table === "_tables") continue;
        const componentPath = steps.filter((_, index) => index % 2 === 1).join("/");
        const documents = data
          .toString("utf8")
          .split("\n")
          .filter((line) => line !== "")
          .map((line) => JSON.parse(line) as unknown);
        expect(fresh.engine.admin.documents(table, componentPath), name).toEqual(documents);
      }
    } finally {
      await fresh.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("imports a table from an export with `import`, keeping its ids, and refuses to mix into a full table", async () => {
    const before = backend.engine.admin.documents("devMailbox") as { _id: string }[];
    const file = path.join(work, "mailbox.jsonl");
    writeFileSync(file, before.map((document) => JSON.stringify(document)).join("\n") + "\n");

    const refused = await cli("import", "--table", "devMailbox", "--yes", file);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("already has");

    const replaced = await cli("import", "--table", "devMailbox", "--replace", "--yes", file);
    expect(replaced.code).toBe(0);
    expect(replaced.stderr).toContain(`Added ${before.length} documents`);
    expect(backend.engine.admin.documents("devMailbox")).toEqual(before);

    const appended = await cli("import", "--table", "devMailbox", "--append", "--yes", file);
    expect(appended.code).toBe(0);
    const after = backend.engine.admin.documents("devMailbox") as { _id: string }[];
    expect(after).toHaveLength(before.length * 2);
    expect(new Set(after.map((document) => document._id)).size).toBe(after.length);
  });
});

describe("the Convex CLI and its endpoints without the admin key", () => {
  const wrongKey = `local-backend|${"0".repeat(64)}`;

  it("stops `data` and `env` with a permission message when the key is wrong", async () => {
    for (const args of [["data"], ["data", "users"], ["env", "list"], ["env", "get", "SITE_URL"]]) {
      const result = await convex(args, backend.url, wrongKey);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain("You do not have permission to perform this operation");
      expect(result.stdout).not.toContain("alice@example.com");
    }
  });

  it("refuses `run`, `env set` and `export` with a wrong key, and runs nothing", async () => {
    const mailbox = mailboxSize();
    const run = await convex(["run", INTERNAL_FUNCTION, JSON.stringify(INTERNAL_ARGS)], backend.url, wrongKey);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("BadDeployKey");
    const set = await convex(["env", "set", "SOMETHING", "x"], backend.url, wrongKey);
    expect(set.stderr).toContain("The provided deploy key was invalid");
    const exported = await convex(["export", "--path", path.join(tmpdir(), "never.zip")], backend.url, wrongKey);
    expect(exported.code).not.toBe(0);
    expect(mailboxSize()).toBe(mailbox);
    expect(backend.engine.env.SOMETHING).toBeUndefined();
  });

  it("keeps internal functions refused to clients without the key, as before", async () => {
    const mailbox = mailboxSize();
    const client = new ConvexHttpClient(backend.url, { logger: false });
    const internal = makeFunctionReference<"mutation">(INTERNAL_FUNCTION);
    await expect(client.mutation(internal, INTERNAL_ARGS)).rejects.toThrow(/Could not find public function/);
    const { client: socketClient } = newClient(backend.url);
    await expect(socketClient.mutation(internal, INTERNAL_ARGS)).rejects.toThrow(/Could not find public function/);
    await socketClient.close();

    const withWrongKey = new ConvexHttpClient(backend.url, { logger: false });
    // The CLI's own way to send a key (an @internal method of the official client).
    (withWrongKey as unknown as { setAdminAuth(key: string): void }).setAdminAuth(wrongKey);
    await expect(withWrongKey.mutation(internal, INTERNAL_ARGS)).rejects.toThrow(/BadDeployKey/);
    expect(mailboxSize()).toBe(mailbox);
  });

  it("refuses the CLI's system queries to a client without the key", async () => {
    const { client } = newClient(backend.url);
    const tables = makeFunctionReference<"query">("_system/cli/tables");
    await expect(client.query(tables, { paginationOpts: { cursor: null, numItems: 10 } })).rejects.toThrow(
      /You do not have permission/,
    );
    await client.close();
  });

  it("answers the admin endpoints 401 without a key and 403 with a wrong one", async () => {
    const body = JSON.stringify({ changes: [{ name: "SOMETHING", value: "x" }] });
    const post = (headers: Record<string, string>) =>
      fetch(`${backend.url}/api/update_environment_variables`, { method: "POST", headers, body });
    expect((await post({})).status).toBe(401);
    const wrong = await post({ Authorization: `Convex ${wrongKey}` });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: "BadDeployKey" });
    expect((await fetch(`${backend.url}/api/export/request/zip`, { method: "POST" })).status).toBe(401);
    expect((await fetch(`${backend.url}/api/import/start_upload`, { method: "POST" })).status).toBe(401);
    expect(backend.engine.env.SOMETHING).toBeUndefined();
  });
});
