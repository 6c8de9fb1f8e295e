/**
 * Signed-in browser pages for the journeys. `signedInPage` makes a verified password account
 * straight through the engine (as the demo seed does), signs in with Convex Auth's real
 * `auth:signIn` action, and gives a fresh browser context the tokens where ConvexAuthProvider
 * keeps them, so the app opens already signed in. Journeys about signing up use the UI instead.
 */
import { createAccount } from "@convex-dev/auth/server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Id } from "../../../convex/_generated/dataModel";
import { DEFAULT_PERSONALITY } from "../../../convex/lib/validators";
import type { Engine } from "../../../local-backend/engine/types";
import { DESKTOP_VIEWPORT } from "./browser";

/** What the helpers need of a running app (./app.ts `App`). */
export type RunningApp = { readonly url: string; readonly engine: Engine };
export type TestUser = { name: string; email: string; password?: string };
export type SignedIn = { page: Page; context: BrowserContext; userId: Id<"users"> };
export type AuthTokens = { token: string; refreshToken: string };

const DEFAULT_PASSWORD = "e2e-password";

/** A verified account with a profile named `name`; returns the existing one for a known email. */
export async function createVerifiedUser(engine: Engine, user: TestUser): Promise<Id<"users">> {
  const { email, name } = user;
  const existing = await engine.admin.run(
    async (ctx) =>
      await ctx.db
        .query("authAccounts")
        .withIndex("providerAndAccountId", (q) => q.eq("provider", "password").eq("providerAccountId", email))
        .unique(),
  );
  if (existing !== null) return existing.userId;
  const userId = await engine.admin.runAction(async (ctx) => {
    const created = await createAccount(ctx, {
      provider: "password",
      account: { id: email, secret: user.password ?? DEFAULT_PASSWORD },
      // Convex Auth's own flag: the account's email counts as verified.
      profile: { email, emailVerified: true } as { email: string },
    });
    return created.user._id;
  });
  await engine.admin.run(async (ctx) => {
    const account = await ctx.db.get(userId);
    if (account !== null && account.emailVerificationTime === undefined) {
      await ctx.db.patch(userId, { emailVerificationTime: Date.now() });
    }
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    if (profile === null) {
      await ctx.db.insert("profiles", { userId, email, displayName: name, personality: DEFAULT_PERSONALITY });
    } else {
      await ctx.db.patch(profile._id, { displayName: name });
    }
  });
  return userId;
}

/** Signs in through Convex Auth's `auth:signIn` action, as the browser would. */
export async function signInTokens(engine: Engine, user: TestUser): Promise<AuthTokens> {
  const result = (await engine.runAction(
    "auth:signIn",
    { provider: "password", params: { email: user.email, password: user.password ?? DEFAULT_PASSWORD, flow: "signIn" } },
    null,
  )) as { tokens?: AuthTokens | null };
  if (!result.tokens) throw new Error(`signing ${user.email} in gave no tokens (is the account verified?)`);
  return result.tokens;
}

/** The localStorage entries ConvexAuthProvider reads (namespace = the Convex URL, here the page origin). */
export function authStorage(appUrl: string, tokens: AuthTokens): { name: string; value: string }[] {
  const namespace = appUrl.replace(/[^a-zA-Z0-9]/g, "");
  return [
    { name: `__convexAuthJWT_${namespace}`, value: tokens.token },
    { name: `__convexAuthRefreshToken_${namespace}`, value: tokens.refreshToken },
  ];
}

/** A new browser context signed in as `user` (created when missing), with a page open at `path`. */
export async function signedInPage(browser: Browser, app: RunningApp, user: TestUser, path = "/"): Promise<SignedIn> {
  const userId = await createVerifiedUser(app.engine, user);
  const tokens = await signInTokens(app.engine, user);
  const context = await browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    storageState: { cookies: [], origins: [{ origin: app.url, localStorage: authStorage(app.url, tokens) }] },
  });
  const page = await context.newPage();
  await page.goto(new URL(path, app.url).href);
  return { page, context, userId };
}
