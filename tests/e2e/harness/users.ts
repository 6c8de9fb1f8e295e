/**
 * Signed-in browser pages for the journeys. `signedInPage` makes a verified password account
 * straight through the engine (as the demo seed does), signs in with Convex Auth's real
 * `auth:signIn` action, and gives a fresh browser context the tokens where ConvexAuthProvider
 * keeps them, so the app opens already signed in. `newUserPage` signs up through the UI instead
 * (register form, code from the dev mailbox, one-click verification link).
 */
import { createAccount } from "@convex-dev/auth/server";
import { ConvexHttpClient } from "convex/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { profileSearchFields } from "../../../convex/lib/search/profiles";
import { DEFAULT_PERSONALITY } from "../../../convex/shared/validators";
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
  const { email } = user;
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
  });
  await nameProfile(engine, userId, user);
  return userId;
}

/** Gives the user's profile the test user's name (creating the profile when sign-up made none). */
async function nameProfile(engine: Engine, userId: Id<"users">, { email, name }: TestUser): Promise<void> {
  await engine.admin.run(async (ctx) => {
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    // With the search fields the app's writers give a profile (lib/search/profiles.ts, issue 33).
    if (profile === null) {
      await ctx.db.insert("profiles", {
        userId,
        email,
        displayName: name,
        personality: DEFAULT_PERSONALITY,
        ...profileSearchFields({ displayName: name }),
        searchHidden: false,
      });
    } else {
      await ctx.db.patch(profile._id, { displayName: name, ...profileSearchFields({ ...profile, displayName: name }) });
    }
  });
}

/** Signs in through Convex Auth's `auth:signIn` action, as the browser would. */
export async function signInTokens(engine: Engine, user: TestUser): Promise<AuthTokens> {
  const result = (await engine.runAction(
    "auth:signIn",
    {
      provider: "password",
      params: { email: user.email, password: user.password ?? DEFAULT_PASSWORD, flow: "signIn" },
    },
    null,
  )) as { tokens?: AuthTokens | null };
  if (!result.tokens) throw new Error(`signing ${user.email} in gave no tokens (is the account verified?)`);
  return result.tokens;
}

/** An HTTP client of the app signed in as `user` (already verified), for setting a scene up without a browser. */
export async function signedInClient(app: RunningApp, user: TestUser): Promise<ConvexHttpClient> {
  const client = new ConvexHttpClient(app.url);
  client.setAuth((await signInTokens(app.engine, user)).token);
  return client;
}

/** A chat room `creator` makes through the API, opened in each of `people`'s pages; returns its id. */
export async function openInNewRoom(
  app: RunningApp,
  creator: TestUser,
  name: string,
  people: SignedIn[],
): Promise<string> {
  const client = await signedInClient(app, creator);
  const roomId = await client.mutation(api.chats.create, { name });
  await Promise.all(people.map(({ page }) => page.goto(`${app.url}/chats/${roomId}`)));
  return roomId;
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

/** The newest verification mail sent to `email` (the devMailbox table, as /dev/mailbox shows it). */
export async function latestMail(engine: Engine, email: string): Promise<{ code: string; link: string } | null> {
  return await engine.admin.run(async (ctx) => {
    const mail = await ctx.db
      .query("devMailbox")
      .withIndex("by_to", (q) => q.eq("to", email))
      .order("desc")
      .first();
    return mail === null ? null : { code: mail.code ?? "", link: mail.link ?? "" };
  });
}

/**
 * A new browser context whose user registered through /register, verified with the link of the
 * mailed code (one click on its Verify button) and is signed in (the page is wherever verification leads, BOOK_CROSS by default).
 * Its profile is then named `user.name` (sign-up alone names it 'New User').
 */
export async function newUserPage(browser: Browser, app: RunningApp, user: TestUser): Promise<SignedIn> {
  const password = user.password ?? DEFAULT_PASSWORD;
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
  const page = await context.newPage();
  await page.goto(new URL("/register", app.url).href);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL(/\/verify-email/);
  let mail = await latestMail(app.engine, user.email);
  for (let attempt = 0; mail === null && attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mail = await latestMail(app.engine, user.email);
  }
  if (mail === null) throw new Error(`no verification mail for ${user.email} in the dev mailbox`);
  await page.goto(mail.link);
  // The link names the address and asks for one click (this browser registered it).
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname !== "/verify-email");
  const account = await app.engine.admin.run(
    async (ctx) =>
      await ctx.db
        .query("authAccounts")
        .withIndex("providerAndAccountId", (q) => q.eq("provider", "password").eq("providerAccountId", user.email))
        .unique(),
  );
  if (account === null) throw new Error(`registering ${user.email} made no account`);
  await nameProfile(app.engine, account.userId, user);
  return { page, context, userId: account.userId };
}
