import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { seedDemoContent } from "../../local-backend/seed/run-seed";
import { DEMO_PASSWORD } from "../../local-backend/seed/users";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

type SignInResult = { tokens?: { token: string; refreshToken: string } | null; started?: boolean };

/** This project's own convex/ functions: Convex Auth and the demo seed on the engine. */
describe("engine with this project's functions", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
    await seedDemoContent(engine);
  }, 30_000);
  afterAll(async () => {
    await engine.close();
    removeTemporaryDataDirs();
  });

  async function signIn(params: Record<string, string>): Promise<SignInResult> {
    return (await engine.runAction("auth:signIn", { provider: "password", params }, null)) as SignInResult;
  }

  /** The identity the server derives from a token, after checking it against the JWKS. */
  async function identityFrom(token: string) {
    const keys = createLocalJWKSet(JSON.parse(engine.env.JWKS ?? "") as JSONWebKeySet);
    const { payload } = await jwtVerify(token, keys, { issuer: URLS.siteUrl, audience: "convex" });
    const subject = payload.sub ?? "";
    return { subject, issuer: URLS.siteUrl, tokenIdentifier: `${URLS.siteUrl}|${subject}` };
  }

  it("signs a seeded demo user in with the demo password, with a JWT valid against the JWKS", async () => {
    const result = await signIn({ email: "alice@example.com", password: DEMO_PASSWORD, flow: "signIn" });
    const identity = await identityFrom(result.tokens?.token ?? "");
    const viewer = await engine.runQuery("users:viewer", {}, identity);
    expect(viewer).toMatchObject({ email: "alice@example.com", emailVerified: true, displayName: "Alice" });
  });

  it("gives every demo user a verified account and a profile", async () => {
    const people = await engine.admin.run(async (ctx) => {
      const profiles = await ctx.db.query("profiles").collect();
      return await Promise.all(
        profiles.map(async (profile) => ({
          name: profile.displayName,
          verified: (await ctx.db.get(profile.userId))?.emailVerificationTime !== undefined,
        })),
      );
    });
    expect(people).toEqual([
      { name: "Alice", verified: true },
      { name: "Bob", verified: true },
      { name: "Carol", verified: true },
    ]);
    expect(await engine.admin.run(async (ctx) => (await ctx.db.query("authSessions").collect()).length)).toBe(1);
  });

  it("refuses a wrong password", async () => {
    await expect(signIn({ email: "bob@example.com", password: "not-the-password", flow: "signIn" })).rejects.toThrow();
  });

  it("signs a new user up with the Password provider", async () => {
    const email = "dora@example.com";
    const result = await signIn({ email, password: "a-good-password", flow: "signUp" });
    if (result.tokens) {
      // No email verification configured: signed in at once.
      const identity = await identityFrom(result.tokens.token);
      expect(await engine.runQuery("users:viewer", {}, identity)).toMatchObject({ email });
    } else {
      // Email verification configured: the code waits in the dev mailbox.
      expect(result.tokens).toBeNull();
      const mail = await engine.admin.run(
        async (ctx) =>
          await ctx.db
            .query("devMailbox")
            .withIndex("by_to", (q) => q.eq("to", email))
            .first(),
      );
      expect(mail?.code).toMatch(/\S/);
    }
  });

  it("serves Convex Auth's JWKS through the http routes", async () => {
    const response = await engine.runHttpAction(new Request(`${URLS.siteUrl}/.well-known/jwks.json`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(engine.env.JWKS ?? ""));
  });
});
