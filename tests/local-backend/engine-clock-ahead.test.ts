/**
 * A data folder written while the clock ran a day ahead, then reopened on the right clock
 * (issue 34): this project's functions on the engine answer at once, no "send again in 86319 s"
 * and no refused heartbeat. The engine reads the process's clock (Date.now, which its frozen
 * per-run clock starts from: engine/determinism.ts), so moving that moves everything it writes.
 */
import { afterAll, expect, it, vi } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { profileSearchFields } from "../../convex/lib/search/profiles";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

const DAY = 24 * 60 * 60 * 1000;

type Identity = { subject: string; issuer: string; tokenIdentifier: string };
type PresenceAnswer = { roomToken: string; sessionToken: string; ticket: string };

afterAll(() => {
  vi.restoreAllMocks();
  removeTemporaryDataDirs();
});

/** Ann, verified with a profile and a session, as Convex Auth's JWT subject names her. */
async function annOn(engine: Engine): Promise<Identity> {
  const subject = await engine.admin.run(async (ctx) => {
    const email = "ann@example.com";
    const userId = await ctx.db.insert("users", { email, emailVerificationTime: Date.now() });
    await ctx.db.insert("profiles", {
      userId,
      email,
      displayName: "Ann",
      personality: DEFAULT_PERSONALITY,
      ...profileSearchFields({ displayName: "Ann" }),
      searchHidden: false,
    });
    const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + 30 * DAY });
    return `${userId}|${sessionId}`;
  });
  return { subject, issuer: URLS.siteUrl, tokenIdentifier: `${URLS.siteUrl}|${subject}` };
}

function heartbeat(engine: Engine, ann: Identity, roomId: string, sessionId: string, ticket?: string) {
  const userId = ann.subject.split("|")[0] ?? "";
  const args = { roomId, userId, sessionId, interval: 20_000, ...(ticket === undefined ? {} : { ticket }) };
  return engine.runMutation("chatPresence:heartbeat", args, ann) as Promise<PresenceAnswer>;
}

function send(engine: Engine, ann: Identity, roomId: string, text: string) {
  return engine.runMutation("chatMessages:send", { roomId, text, mentions: [] }, ann);
}

it("a chat send and a heartbeat succeed at once after a restart on the right clock", async () => {
  const dataDir = temporaryDataDir();
  const realNow = Date.now.bind(Date);
  const clock = vi.spyOn(Date, "now").mockImplementation(() => realNow() + DAY);

  const ahead = await openEngine({ dataDir, ...URLS });
  const ann = await annOn(ahead);
  const roomId = (await ahead.runMutation("chats:create", { name: "Book club" }, ann)) as string;
  const first = await heartbeat(ahead, ann, roomId, "tab-1");
  // Ten messages: the room's allowance used up "tomorrow" as well.
  for (let sent = 0; sent < 10; sent++) await send(ahead, ann, roomId, `Tomorrow ${sent}`);
  await ahead.close();

  clock.mockRestore();
  const engine = await openEngine({ dataDir, ...URLS });
  try {
    await expect(send(engine, ann, roomId, "Today")).resolves.toEqual(expect.any(String));
    const again = await heartbeat(engine, ann, roomId, "tab-1", first.ticket);
    expect(again.roomToken).toBe(first.roomToken);
    expect(Number(again.ticket.split(".")[0])).toBeLessThan(Date.now() + 2 * 60_000);
    await expect(heartbeat(engine, ann, roomId, "tab-2")).resolves.toMatchObject({ roomToken: first.roomToken });
    const messages = await engine.admin.run(async (ctx) => (await ctx.db.query("chatMessages").collect()).length);
    expect(messages).toBe(11);
  } finally {
    await engine.close();
  }
}, 60_000);
