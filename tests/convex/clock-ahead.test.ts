/**
 * A clock that was ahead never locks anyone out (issue 34): data written while the server's clock
 * ran a day ahead, then the clock put right. Every allowance, count and mark keyed on a stored
 * time treats one in the future as now (lib/clock.ts), at once, not when the clock catches up.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Doc } from "../../convex/_generated/dataModel";
import { tooFastMessage } from "../../convex/lib/chat-limits";
import { isRunning } from "../../convex/lib/data-export/status";
import { afterFailure, secondsToWait } from "../../convex/lib/sign-in-backoff";
import { recordView } from "../../convex/lib/views";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { useAuthEnvironment } from "./auth-env";
import { mailTo, PASSWORD, signIn, verifiedUser } from "./auth-kit";
import { addBook } from "./book-fixtures";
import { addRoom, joinRoom } from "./chat-fixtures";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const DAY = 24 * 60 * 60 * 1000;
/** The right time: a morning on the hour, so no ten-minute mail window closes mid-test. */
const NOW = new Date("2026-03-04T08:00:00Z").getTime();
const AHEAD = NOW + DAY;

beforeEach(async () => {
  await useAuthEnvironment();
  vi.useFakeTimers({ toFake: ["Date"], now: AHEAD });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The clock is put right: back to NOW, a day before what the data says. */
function putClockRight() {
  vi.setSystemTime(NOW);
}

/** Ann in a room she made, with one message of hers in it, written a day ahead. */
async function sceneAhead(t: TestBackend) {
  const ann = await signedInUser(t, { name: "Ann" });
  const roomId = await addRoom(ann.as);
  const messageId = await ann.as.mutation(api.chatMessages.send, { roomId, text: "Hello", mentions: [] });
  return { ann, roomId, messageId };
}

describe("rate limits written a day ahead", () => {
  test("a send, a heartbeat, an upload URL, a reaction and a new room all work at once on the right clock", async () => {
    const t = newBackend();
    const { ann, roomId, messageId } = await sceneAhead(t);
    const joined = await joinRoom(ann.as, roomId, ann.userId, "tab-1");
    await ann.as.mutation(api.files.generateUploadUrl, {});
    await ann.as.mutation(api.messageReactions.toggle, { messageId, emoji: "❤️" });
    await ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true });

    putClockRight();
    await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: "Back", mentions: [] })).resolves.toEqual(
      expect.any(String),
    );
    // The old ticket lapses "tomorrow": not taken as a renewal, so this heartbeat takes from the
    // (forgotten, so full) allowance, and its new ticket is on the right clock.
    const again = await joinRoom(ann.as, roomId, ann.userId, "tab-1", { ticket: joined.ticket });
    expect(Number(again.ticket.split(".")[0])).toBeLessThanOrEqual(NOW + 2 * 60_000);
    await expect(joinRoom(ann.as, roomId, ann.userId, "tab-2")).resolves.toMatchObject({
      roomToken: joined.roomToken,
    });
    await expect(ann.as.mutation(api.files.generateUploadUrl, {})).resolves.toEqual(expect.any(String));
    await expect(ann.as.mutation(api.messageReactions.toggle, { messageId, emoji: "❤️" })).resolves.toEqual({
      reacted: false,
    });
    await expect(ann.as.mutation(api.chatPresence.setTyping, { roomId, typing: true })).resolves.toBeNull();
    await expect(ann.as.mutation(api.chats.create, { name: "Second room" })).resolves.toEqual(expect.any(String));
  });

  test("once forgotten, an allowance counts as before: the refusal asks for seconds, not a day", async () => {
    const t = newBackend();
    const { ann, roomId } = await sceneAhead(t);
    putClockRight();
    // The state from tomorrow is forgotten once, so the room's bucket starts full: ten at once.
    for (let sent = 0; sent < 10; sent++) {
      await ann.as.mutation(api.chatMessages.send, { roomId, text: `Now ${sent}`, mentions: [] });
    }
    await expect(
      ann.as.mutation(api.chatMessages.send, { roomId, text: "One too many", mentions: [] }),
    ).rejects.toThrow(tooFastMessage(1_000));
    vi.advanceTimersByTime(1_000);
    await expect(ann.as.mutation(api.chatMessages.send, { roomId, text: "Waited", mentions: [] })).resolves.toEqual(
      expect.any(String),
    );
  });

  test("verification mails: windows stored a day ahead (ten-minute and daily) do not hold the resend", async () => {
    const t = newBackend();
    const email = "dora@example.com";
    await signIn(t, { flow: "signUp", email, password: PASSWORD, clientId: "dora" });
    putClockRight();
    await expect(signIn(t, { flow: "email-verification", email, clientId: "dora" })).resolves.toBeDefined();
    expect(await mailTo(t, email)).toHaveLength(2);
  }, 60_000);
});

describe("sign-in back-off written a day ahead", () => {
  test("the owner signs in at once from the browser that missed four times", async () => {
    const t = newBackend();
    vi.setSystemTime(NOW);
    await verifiedUser(t, "erin@example.com");
    vi.setSystemTime(AHEAD);
    const attempt = (password: string) =>
      signIn(t, { flow: "signIn", email: "erin@example.com", password, clientId: "laptop" });
    for (let miss = 0; miss < 4; miss++)
      await expect(attempt("wrong-pw")).rejects.toThrow(AUTH_MESSAGES.incorrectPassword);
    putClockRight();
    const owner = await attempt(PASSWORD);
    expect(owner.tokens?.token).toEqual(expect.any(String));
  }, 60_000);

  test("a count from the future costs no wait; the next miss is counted on the right clock", () => {
    let count = null;
    for (let miss = 0; miss < 5; miss++) count = afterFailure(count, "pair", AHEAD);
    expect(secondsToWait(count, AHEAD)).toBe(2);
    expect(secondsToWait(count, NOW)).toBe(0);
    const next = afterFailure(count, "pair", NOW);
    expect(next).toMatchObject({ failures: 6, lastFailureAt: NOW });
    expect(secondsToWait(next, NOW)).toBe(4);
  });
});

describe("other marks written a day ahead", () => {
  test("a view seen 'tomorrow' counts as seen now, and the viewer counts again after the usual window", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const { bookId } = await addBook(t, ann.as);
    await t.run((ctx) => recordView(ctx, bookId, ann.userId, AHEAD));
    expect(await t.run((ctx) => recordView(ctx, bookId, ann.userId, NOW))).toBe(false);
    const viewedAt = await t.run(async (ctx) => (await ctx.db.query("views").first())?.viewedAt);
    expect(viewedAt).toBe(NOW);
    expect(await t.run((ctx) => recordView(ctx, bookId, ann.userId, NOW + 31 * 60 * 1000))).toBe(true);
  });

  test("an export last heard of 'tomorrow' has stalled and does not hold off a new one", () => {
    const row = { status: "running", updatedAt: AHEAD } as Doc<"dataExports">;
    expect(isRunning(row, NOW)).toBe(false);
    expect(isRunning({ ...row, updatedAt: NOW - 1_000 }, NOW)).toBe(true);
  });
});

describe("marks written a day ahead", () => {
  test("an account deletion marked running a day ahead is resumed now, not tomorrow", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const deletionId = await t.run(
      async (ctx) =>
        await ctx.db.insert("accountDeletions", {
          userId: ann.userId,
          stage: "likes",
          startedAt: AHEAD,
          updatedAt: AHEAD,
        }),
    );
    putClockRight();
    await t.mutation(internal.accountDeletion.resumeStalled, {});
    const deletion = await t.run(async (ctx) => await ctx.db.get(deletionId));
    expect(deletion?.updatedAt).toBe(NOW);
  });

  test("a room's last-message time from tomorrow is put right by the next message", async () => {
    const t = newBackend();
    const { ann, roomId } = await sceneAhead(t);
    putClockRight();
    await ann.as.mutation(api.chatMessages.send, { roomId, text: "Back", mentions: [] });
    expect((await t.run(async (ctx) => await ctx.db.get(roomId)))?.lastMessageAt).toBe(NOW);
  });

  test("an e-mail change code from the fast clock is no longer good on the right one", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const changeId = await t.run(
      async (ctx) =>
        await ctx.db.insert("emailChanges", {
          userId: ann.userId,
          newEmail: "ann.new@example.com",
          codeHash: "hash",
          expiresAt: AHEAD + 15 * 60 * 1000,
          failedAttempts: 0,
        }),
    );
    putClockRight();
    const outcome = await t.mutation(internal.accountSettings.applyEmailChange, {
      userId: ann.userId,
      changeId,
      codeHash: "hash",
    });
    expect(outcome.email).toBeNull();
    expect(await t.run(async (ctx) => await ctx.db.get(changeId))).toBeNull();
  });
});
