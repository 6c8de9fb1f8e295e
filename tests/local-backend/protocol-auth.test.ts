/**
 * Identity over the sync protocol: tokens are checked against the deployment's JWKS, issuer and
 * application ID; a refused token reaches the client as AuthError (its setAuth callback reports
 * false) and the client goes on anonymously.
 */
import { generateKeyPair, importPKCS8, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  newClient,
  removeTestDataDirs,
  signedInClient,
  signInToken,
  startTestBackend,
} from "./server-fixture/protocol-env";

type Backend = Awaited<ReturnType<typeof startTestBackend>>;

/** Whether the server accepts `token`, as the client's setAuth callback reports it. */
async function authResult(backend: Backend, token: string) {
  const tested = newClient(backend.url);
  const accepted = await new Promise<boolean>((resolve) => {
    tested.client.setAuth(() => Promise.resolve(token), resolve);
  });
  const viewer = await tested.client.query(api.users.viewer, {});
  await tested.client.close();
  return { accepted, viewer, authErrors: tested.received.count("AuthError") };
}

describe("authentication over the sync protocol", () => {
  let backend: Backend;
  let privateKey: CryptoKey;
  let userSubject: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    privateKey = await importPKCS8(backend.engine.env.JWT_PRIVATE_KEY ?? "", "RS256");
    const alice = newClient(backend.url);
    const token = await signInToken(alice.client, "alice@example.com");
    userSubject = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sub as string;
    await alice.client.close();
  }, 30_000);

  afterAll(async () => {
    await backend?.close();
    removeTestDataDirs();
  });

  /** A token like Convex Auth's, with changes. */
  async function token(changes: { key?: CryptoKey; issuer?: string; audience?: string; expiresIn?: string | number }) {
    return await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setSubject(userSubject)
      .setIssuer(changes.issuer ?? backend.url)
      .setAudience(changes.audience ?? "convex")
      .setIssuedAt()
      .setExpirationTime(changes.expiresIn ?? "1h")
      .sign(changes.key ?? privateKey);
  }

  it("accepts a token signed with the deployment's key and passes its subject to functions", async () => {
    const result = await authResult(backend, await token({}));
    expect(result).toMatchObject({ accepted: true, authErrors: 0 });
    expect(result.viewer).toMatchObject({ email: "alice@example.com" });
  });

  it("refuses a token signed with another key", async () => {
    const { privateKey: otherKey } = await generateKeyPair("RS256");
    const result = await authResult(backend, await token({ key: otherKey }));
    expect(result).toMatchObject({ accepted: false, viewer: null });
    expect(result.authErrors).toBeGreaterThan(0);
  });

  it("refuses an expired token", async () => {
    const result = await authResult(backend, await token({ expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    expect(result).toMatchObject({ accepted: false, viewer: null });
    expect(result.authErrors).toBeGreaterThan(0);
  });

  it("tells a connected client when its token expires, and runs its queries anonymously after", async () => {
    const shortLived = await token({ expiresIn: Math.floor(Date.now() / 1000) + 2 });
    const tab = newClient(backend.url);
    const changes: boolean[] = [];
    tab.client.setAuth(
      () => Promise.resolve(shortLived),
      (isAuthenticated) => changes.push(isAuthenticated),
    );
    const viewers: (string | null)[] = [];
    tab.client.onUpdate(api.users.viewer, {}, (viewer) => viewers.push(viewer?.email ?? null));
    for (let waited = 0; changes.length < 2 && waited < 8000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(changes).toEqual([true, false]);
    expect(tab.received.count("AuthError")).toBeGreaterThan(0);
    for (let waited = 0; viewers.at(-1) !== null && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(viewers).toContain("alice@example.com");
    expect(viewers.at(-1)).toBeNull();
    await tab.client.close();
  }, 20_000);

  it("refuses a token of another issuer or application", async () => {
    expect(await authResult(backend, await token({ issuer: "https://elsewhere.example.com" }))).toMatchObject({
      accepted: false,
      viewer: null,
    });
    expect(await authResult(backend, await token({ audience: "someone-else" }))).toMatchObject({
      accepted: false,
      viewer: null,
    });
  });

  it("refuses a token that is not a JWT", async () => {
    expect(await authResult(backend, "not-a-token")).toMatchObject({ accepted: false, viewer: null });
  });

  it("reruns subscriptions as the new user when a client signs in and out", async () => {
    const tab = newClient(backend.url);
    const viewers: (string | null)[] = [];
    tab.client.onUpdate(api.users.viewer, {}, (viewer) => viewers.push(viewer?.email ?? null));
    const until = async (email: string | null) => {
      for (let waited = 0; viewers.at(-1) !== email; waited += 20) {
        if (waited > 5000) throw new Error(`viewer stayed ${viewers.at(-1)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await until(null);
    const bobToken = await signInToken(tab.client, "bob@example.com");
    tab.client.setAuth(() => Promise.resolve(bobToken));
    await until("bob@example.com");
    tab.client.client.clearAuth();
    await until(null);
    await tab.client.close();
  });

  it("keeps a signed-in client's identity when another tab of the same user signs in", async () => {
    const first = await signedInClient(backend.url, "carol@example.com");
    const second = await signedInClient(backend.url, "carol@example.com");
    expect(await first.client.query(api.users.viewer, {})).toMatchObject({ email: "carol@example.com" });
    expect(await second.client.query(api.users.viewer, {})).toMatchObject({ email: "carol@example.com" });
    await first.client.close();
    await second.client.close();
  });
});
