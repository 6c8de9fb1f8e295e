/**
 * Shared set-up of the protocol tests: a local backend on a free port with a temporary data
 * folder and the demo users, and the OFFICIAL Convex clients (ConvexClient over `ws`,
 * ConvexHttpClient) talking to it, as a browser or a script would.
 */
import { ConvexClient } from "convex/browser";
import type { FunctionReference, FunctionReturnType } from "convex/server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { api } from "../../../convex/_generated/api";
import { seedUsers } from "../../../local-backend/seed/users";
import { DEMO_PASSWORD } from "../../../local-backend/seed/users";
import {
  startLocalBackend,
  type LocalBackend,
  type LocalBackendOptions,
} from "../../../local-backend/server/start-server";

const folders: string[] = [];

export async function startTestBackend(
  options: Partial<LocalBackendOptions> = {},
): Promise<LocalBackend & { logLines: string[]; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "protocol-test-"));
  folders.push(dataDir);
  const logLines: string[] = [];
  const backend = await startLocalBackend({
    port: 0,
    dataDir,
    seed: false,
    log: (line) => logLines.push(line),
    ...options,
  });
  await seedUsers(backend.engine);
  return { ...backend, logLines, dataDir };
}

export function removeTestDataDirs(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** What one client's socket received, by message type ("Transition", "AuthError", …). */
export type ReceivedMessages = { count(type: string): number; types: string[] };

export type TestClient = { client: ConvexClient; received: ReceivedMessages };

/** A ConvexClient whose WebSocket records the type of every message the server sends. */
export function newClient(url: string): TestClient {
  const types: string[] = [];
  class RecordingWebSocket extends WebSocket {
    constructor(address: string) {
      super(address);
      this.addEventListener("message", (event) => {
        types.push((JSON.parse(String(event.data)) as { type: string }).type);
      });
    }
  }
  const client = new ConvexClient(url, {
    webSocketConstructor: RecordingWebSocket as unknown as typeof globalThis.WebSocket,
    logger: false,
  });
  return { client, received: { types, count: (type) => types.filter((seen) => seen === type).length } };
}

type SignInResult = { tokens?: { token: string; refreshToken: string } | null };

/** A JWT for a demo user, from Convex Auth's `auth:signIn` action run over the socket. */
export async function signInToken(client: ConvexClient, email: string): Promise<string> {
  const result = (await client.action(api.auth.signIn, {
    provider: "password",
    params: { email, password: DEMO_PASSWORD, flow: "signIn" },
  })) as SignInResult;
  const token = result.tokens?.token;
  if (token === undefined) throw new Error(`no token for ${email}`);
  return token;
}

/** A client signed in as a demo user; resolves once the server accepted the token. */
export async function signedInClient(url: string, email: string): Promise<TestClient> {
  const testClient = newClient(url);
  const token = await signInToken(testClient.client, email);
  await new Promise<void>((resolve, reject) => {
    testClient.client.setAuth(
      () => Promise.resolve(token),
      (isAuthenticated) => (isAuthenticated ? resolve() : reject(new Error(`${email} was refused`))),
    );
  });
  return testClient;
}

/** Resolves with the first result of a subscription that satisfies `accept`. */
export function waitForResult<Query extends FunctionReference<"query">>(
  client: ConvexClient,
  query: Query,
  args: Query["_args"],
  accept: (result: FunctionReturnType<Query>) => boolean,
  timeoutMs = 5000,
): Promise<FunctionReturnType<Query>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no accepted result of ${JSON.stringify(args)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = client.onUpdate(
      query,
      args,
      (result) => {
        if (!accept(result)) return;
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(result);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
