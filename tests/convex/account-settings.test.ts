/**
 * Account settings (issue 30, convex/accountSettings.ts): ended sessions end at once, changing
 * the password, changing the e-mail address, other devices. Every refusal changes nothing.
 */
import { decodeJwt } from "jose";
import { beforeEach, describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { MAX_EMAIL_CODE_FAILURES } from "../../convex/lib/account-settings";
import { NOT_SIGNED_IN } from "../../convex/lib/auth";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { useAuthEnvironment } from "./auth-env";
import { latestCode, mailTo, PASSWORD, signIn, type SignInResult } from "./auth-kit";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const ME = "me@example.com";
const NEW_ADDRESS = "new.me@example.com";
const NEW_PASSWORD = "brand-new-pw";

beforeEach(async () => {
  await useAuthEnvironment();
});

type Device = { as: ReturnType<TestBackend["withIdentity"]>; userId: Id<"users">; sessionId: Id<"authSessions"> };

/** The client a browser becomes with these tokens (Convex Auth's subject is "userId|sessionId"). */
function deviceOf(t: TestBackend, result: SignInResult): Device {
  const subject = decodeJwt(result.tokens?.token ?? "").sub ?? "";
  const [userId, sessionId] = subject.split("|") as [Id<"users">, Id<"authSessions">];
  return { as: t.withIdentity({ subject }), userId, sessionId };
}

/** A verified password account signed in on one device (the browser that registered). */
async function registered(t: TestBackend, email = ME): Promise<Device> {
  await signIn(t, { flow: "signUp", email, password: PASSWORD });
  const code = await latestCode(t, email);
  return deviceOf(t, await signIn(t, { flow: "email-verification", email, code }));
}

/** Another device signing in with the password. */
async function anotherDevice(t: TestBackend, email = ME, password = PASSWORD): Promise<Device> {
  return deviceOf(t, await signIn(t, { flow: "signIn", email, password, clientId: `device-${Math.random()}` }));
}

async function sessionsOf(t: TestBackend, userId: Id<"users">) {
  return await t.run((ctx) =>
    ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", userId))
      .collect(),
  );
}

/** Everything an e-mail change may touch: the sign-in address, the user's and the profile's e-mail. */
async function addresses(t: TestBackend, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const user = await ctx.db.get(userId);
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("userIdAndProvider", (q) => q.eq("userId", userId).eq("provider", "password"))
      .unique();
    const profile = await ctx.db
      .query("profiles")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    const changes = await ctx.db.query("emailChanges").collect();
    return { user: user?.email, account: account?.providerAccountId, profile: profile?.email, pending: changes.length };
  });
}

async function requestCode(device: Device, t: TestBackend, newEmail = NEW_ADDRESS): Promise<string> {
  await device.as.action(api.accountSettings.requestEmailChange, { newEmail });
  return await latestCode(t, newEmail.trim().toLowerCase());
}

describe("an ended session ends at once", () => {
  test("after its session is deleted, the still-valid token is refused and viewer says null", async () => {
    const t = newBackend();
    const phone = await registered(t);
    const laptop = await anotherDevice(t);
    expect(await phone.as.query(api.users.viewer, {})).toMatchObject({ email: ME });

    await laptop.as.action(api.accountSettings.signOutOtherDevices, {});

    expect(await phone.as.query(api.users.viewer, {})).toBeNull();
    expect(await phone.as.query(api.moderation.myStatus, {})).toBeNull();
    await expect(phone.as.query(api.accountSettings.overview, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(phone.as.mutation(api.chats.create, { name: "Still here?" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(phone.as.action(api.accountSettings.signOutOtherDevices, {})).rejects.toThrow(NOT_SIGNED_IN);
    // The device that asked stays signed in.
    expect(await laptop.as.query(api.users.viewer, {})).toMatchObject({ email: ME });
  });

  test("a subject naming another user's session, or none at all, is not signed in", async () => {
    const t = newBackend();
    const me = await registered(t);
    const other = await signedInUser(t, { name: "Other" });
    const otherSession = (await sessionsOf(t, other.userId))[0]!._id;
    const borrowed = t.withIdentity({ subject: `${me.userId}|${otherSession}` });
    const bare = t.withIdentity({ subject: me.userId });

    expect(await borrowed.query(api.users.viewer, {})).toBeNull();
    expect(await bare.query(api.users.viewer, {})).toBeNull();
    await expect(bare.query(api.accountSettings.overview, {})).rejects.toThrow(NOT_SIGNED_IN);
  });
});

describe("other devices", () => {
  test("counts the open sessions and signs out all but this one", async () => {
    const t = newBackend();
    const phone = await registered(t);
    await anotherDevice(t);
    const laptop = await anotherDevice(t);
    expect(await phone.as.query(api.accountSettings.openSessions, {})).toEqual({ count: 3, capped: false });

    await phone.as.action(api.accountSettings.signOutOtherDevices, {});

    expect((await sessionsOf(t, phone.userId)).map((session) => session._id)).toEqual([phone.sessionId]);
    expect(await phone.as.query(api.accountSettings.openSessions, {})).toEqual({ count: 1, capped: false });
    expect(await laptop.as.query(api.users.viewer, {})).toBeNull();
  });

  test("another person's sessions are neither counted nor ended", async () => {
    const t = newBackend();
    const me = await registered(t);
    const other = await registered(t, "other@example.com");
    await me.as.action(api.accountSettings.signOutOtherDevices, {});
    expect(await other.as.query(api.accountSettings.openSessions, {})).toEqual({ count: 1, capped: false });
  });
});

describe("change password", () => {
  test("the right current password sets the new one and signs out every other session", async () => {
    const t = newBackend();
    const phone = await registered(t);
    const laptop = await anotherDevice(t);

    await phone.as.action(api.accountSettings.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });

    expect((await sessionsOf(t, phone.userId)).map((session) => session._id)).toEqual([phone.sessionId]);
    expect(await laptop.as.query(api.users.viewer, {})).toBeNull();
    expect(await phone.as.query(api.users.viewer, {})).toMatchObject({ email: ME });
    await expect(signIn(t, { flow: "signIn", email: ME, password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.incorrectPassword,
    );
    expect((await signIn(t, { flow: "signIn", email: ME, password: NEW_PASSWORD })).tokens?.token).toBeTruthy();
  });

  test("a wrong current password is refused and changes nothing", async () => {
    const t = newBackend();
    const phone = await registered(t);
    await anotherDevice(t);

    await expect(
      phone.as.action(api.accountSettings.changePassword, { currentPassword: "not-it", newPassword: NEW_PASSWORD }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.wrongCurrentPassword);

    expect(await sessionsOf(t, phone.userId)).toHaveLength(2);
    expect((await signIn(t, { flow: "signIn", email: ME, password: PASSWORD })).tokens?.token).toBeTruthy();
  });

  test("guesses at the current password are slowed like login guesses", async () => {
    const t = newBackend();
    const phone = await registered(t);
    const guess = (currentPassword: string) =>
      phone.as.action(api.accountSettings.changePassword, { currentPassword, newPassword: NEW_PASSWORD });
    for (let attempt = 0; attempt < 4; attempt++) {
      await expect(guess(`guess-${attempt}`)).rejects.toThrow(ACCOUNT_MESSAGES.wrongCurrentPassword);
    }
    // The fourth failure asks for a wait: even the right password must wait its turn.
    await expect(guess(PASSWORD)).rejects.toThrow(/Too many failed attempts\. Please wait/);
    expect((await signIn(t, { flow: "signIn", email: ME, password: PASSWORD })).tokens?.token).toBeTruthy();
  });

  test("the new password follows registration's rules", async () => {
    const t = newBackend();
    const phone = await registered(t);
    const change = (newPassword: string) =>
      phone.as.action(api.accountSettings.changePassword, { currentPassword: PASSWORD, newPassword });
    await expect(change("short")).rejects.toThrow(AUTH_MESSAGES.weakPassword);
    await expect(change("x".repeat(129))).rejects.toThrow(AUTH_MESSAGES.passwordTooLong);
    expect((await signIn(t, { flow: "signIn", email: ME, password: PASSWORD })).tokens?.token).toBeTruthy();
  });

  test("a Google-only account has no password to change", async () => {
    const t = newBackend();
    const google = await signedInUser(t, { name: "Googler" });
    expect(await google.as.query(api.accountSettings.overview, {})).toMatchObject({ hasPassword: false });
    await expect(
      google.as.action(api.accountSettings.changePassword, { currentPassword: "x", newPassword: NEW_PASSWORD }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.noPassword);
    await expect(google.as.action(api.accountSettings.requestEmailChange, { newEmail: NEW_ADDRESS })).rejects.toThrow(
      ACCOUNT_MESSAGES.emailFromGoogle,
    );
  });
});

describe("change e-mail", () => {
  test("a code to the new address moves the sign-in, user and profile address, and tells the old one", async () => {
    const t = newBackend();
    const me = await registered(t);
    const code = await requestCode(me, t, "  New.Me@Example.com ");
    expect(await me.as.query(api.accountSettings.overview, {})).toMatchObject({
      email: ME,
      pendingEmail: { newEmail: NEW_ADDRESS },
    });
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 1 });

    expect(
      await me.as.action(api.accountSettings.confirmEmailChange, { code: ` ${code.slice(0, 4)} ${code.slice(4)}` }),
    ).toEqual({ email: NEW_ADDRESS });

    expect(await addresses(t, me.userId)).toEqual({
      user: NEW_ADDRESS,
      account: NEW_ADDRESS,
      profile: NEW_ADDRESS,
      pending: 0,
    });
    const notice = (await mailTo(t, ME)).at(-1);
    expect(notice?.text).toContain(`Your DUMY e-mail address was changed to ${NEW_ADDRESS}`);
    expect(notice?.code).toBeUndefined();
    expect((await signIn(t, { flow: "signIn", email: NEW_ADDRESS, password: PASSWORD })).tokens?.token).toBeTruthy();
    await expect(signIn(t, { flow: "signIn", email: ME, password: PASSWORD })).rejects.toThrow(
      AUTH_MESSAGES.accountNotFound,
    );
    expect(await me.as.query(api.users.viewer, {})).toMatchObject({ email: NEW_ADDRESS });
  });

  test("an address already used by a user or an unverified sign-up is refused, with no mail", async () => {
    const t = newBackend();
    const me = await registered(t);
    await registered(t, "taken@example.com");
    await signIn(t, { flow: "signUp", email: "pending@example.com", password: PASSWORD });
    const mailsBefore = (await mailTo(t, "pending@example.com")).length;

    for (const newEmail of ["taken@example.com", "Pending@example.com"]) {
      await expect(me.as.action(api.accountSettings.requestEmailChange, { newEmail })).rejects.toThrow(
        ACCOUNT_MESSAGES.emailInUse,
      );
    }
    expect(await mailTo(t, "taken@example.com")).toHaveLength(1);
    expect(await mailTo(t, "pending@example.com")).toHaveLength(mailsBefore);
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 0 });
  });

  test("an address taken between the request and the code is refused and nothing changes", async () => {
    const t = newBackend();
    const me = await registered(t);
    const code = await requestCode(me, t);
    await signIn(t, { flow: "signUp", email: NEW_ADDRESS, password: "someone-else" });

    await expect(me.as.action(api.accountSettings.confirmEmailChange, { code })).rejects.toThrow(
      ACCOUNT_MESSAGES.emailInUse,
    );
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 0 });
  });

  test("bad addresses get registration's messages; the current one is refused", async () => {
    const t = newBackend();
    const me = await registered(t);
    const request = (newEmail: string) => me.as.action(api.accountSettings.requestEmailChange, { newEmail });
    await expect(request("not-an-address")).rejects.toThrow(AUTH_MESSAGES.invalidEmail);
    await expect(request(`${"a".repeat(250)}@example.com`)).rejects.toThrow(AUTH_MESSAGES.emailTooLong);
    await expect(request(" ME@example.com")).rejects.toThrow(ACCOUNT_MESSAGES.sameEmail);
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 0 });
  });

  test("a used code does not work twice", async () => {
    const t = newBackend();
    const me = await registered(t);
    const code = await requestCode(me, t);
    await me.as.action(api.accountSettings.confirmEmailChange, { code });
    await expect(me.as.action(api.accountSettings.confirmEmailChange, { code })).rejects.toThrow(
      ACCOUNT_MESSAGES.noEmailChange,
    );
    expect(await addresses(t, me.userId)).toMatchObject({ user: NEW_ADDRESS, pending: 0 });
  });

  test("an expired code is refused and nothing changes", async () => {
    const t = newBackend();
    const me = await registered(t);
    const code = await requestCode(me, t);
    await t.run(async (ctx) => {
      const change = await ctx.db.query("emailChanges").unique();
      await ctx.db.patch(change!._id, { expiresAt: Date.now() - 1 });
    });
    await expect(me.as.action(api.accountSettings.confirmEmailChange, { code })).rejects.toThrow(
      ACCOUNT_MESSAGES.invalidEmailCode,
    );
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 0 });
  });

  test("a code for another address (an earlier request) is refused; the latest request's code works", async () => {
    const t = newBackend();
    const me = await registered(t);
    const first = await requestCode(me, t, "first@example.com");
    const second = await requestCode(me, t, "second@example.com");
    if (first !== second) {
      await expect(me.as.action(api.accountSettings.confirmEmailChange, { code: first })).rejects.toThrow(
        ACCOUNT_MESSAGES.invalidEmailCode,
      );
    }
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 1 });
    await me.as.action(api.accountSettings.confirmEmailChange, { code: second });
    expect(await addresses(t, me.userId)).toMatchObject({ user: "second@example.com", account: "second@example.com" });
  });

  test("another person's code is worth nothing on my account", async () => {
    const t = newBackend();
    const me = await registered(t);
    const other = await registered(t, "other@example.com");
    await requestCode(me, t, "mine@example.com");
    const othersCode = await requestCode(other, t, "theirs@example.com");
    const myCode = await latestCode(t, "mine@example.com");
    if (othersCode !== myCode) {
      await expect(me.as.action(api.accountSettings.confirmEmailChange, { code: othersCode })).rejects.toThrow(
        ACCOUNT_MESSAGES.invalidEmailCode,
      );
    }
    expect(await addresses(t, me.userId)).toMatchObject({ user: ME, account: ME });
  });

  test(`${MAX_EMAIL_CODE_FAILURES} wrong codes drop the change`, async () => {
    const t = newBackend();
    const me = await registered(t);
    const code = await requestCode(me, t);
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let attempt = 1; attempt < MAX_EMAIL_CODE_FAILURES; attempt++) {
      await expect(me.as.action(api.accountSettings.confirmEmailChange, { code: wrong })).rejects.toThrow(
        ACCOUNT_MESSAGES.invalidEmailCode,
      );
    }
    await expect(me.as.action(api.accountSettings.confirmEmailChange, { code: wrong })).rejects.toThrow(
      ACCOUNT_MESSAGES.tooManyEmailCodes,
    );
    await expect(me.as.action(api.accountSettings.confirmEmailChange, { code })).rejects.toThrow(
      ACCOUNT_MESSAGES.noEmailChange,
    );
    expect(await addresses(t, me.userId)).toEqual({ user: ME, account: ME, profile: ME, pending: 0 });
  });

  test("mails to a new address are limited", async () => {
    const t = newBackend();
    const me = await registered(t);
    for (let request = 0; request < 3; request++) await requestCode(me, t);
    await expect(me.as.action(api.accountSettings.requestEmailChange, { newEmail: NEW_ADDRESS })).rejects.toThrow(
      /Too many e-mail change codes/,
    );
    expect(await mailTo(t, NEW_ADDRESS)).toHaveLength(3);
  });

  test("the address stays visible to its owner only", async () => {
    const t = newBackend();
    const me = await registered(t);
    await me.as.action(api.accountSettings.confirmEmailChange, { code: await requestCode(me, t) });
    const stranger = await signedInUser(t, { name: "Stranger" });

    const seenByStranger = await stranger.as.query(api.profiles.get, { userId: me.userId });
    expect(seenByStranger).not.toBeNull();
    expect(JSON.stringify(seenByStranger)).not.toContain(NEW_ADDRESS);
    expect(JSON.stringify(seenByStranger)).not.toContain(ME);
    expect(await me.as.query(api.profiles.get, { userId: me.userId })).toMatchObject({ email: NEW_ADDRESS });
  });
});
