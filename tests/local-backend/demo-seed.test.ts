/**
 * The demo content of a fresh local backend is spread over past days, so sorting the feed by
 * Date shows a visible order and the dates read like a living community ("3 h ago",
 * "yesterday", "Nov 7, 2026"); the messages written "just now" come after everything they
 * mention.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { isPresetAvatar } from "../../convex/shared/avatars";
import { DEMO_HISTORY_DAYS, seedDemoContent } from "../../local-backend/seed/run-seed";
import { DEMO_USERS } from "../../local-backend/seed/users";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

const DAY = 24 * 60 * 60 * 1000;

describe("demo content", () => {
  let engine: Engine;
  let seededAt: number;
  beforeAll(async () => {
    engine = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
    seededAt = Date.now();
    await seedDemoContent(engine);
  }, 60_000);
  afterAll(async () => {
    await engine.close();
    removeTemporaryDataDirs();
  });

  const creationTimes = (table: "posts" | "books" | "messages" | "users") =>
    engine.admin.run(async (ctx) => (await ctx.db.query(table).collect()).map((doc) => doc._creationTime));
  const distinctDays = (times: number[]) => new Set(times.map((time) => new Date(time).toDateString())).size;

  it("gives every demo user a name and one of the preset avatars", async () => {
    const profiles = await engine.admin.run(async (ctx) => await ctx.db.query("profiles").collect());
    expect(profiles.map(({ displayName, photoURL }) => [displayName, photoURL])).toEqual(
      DEMO_USERS.map(({ displayName, photoURL }) => [displayName, photoURL]),
    );
    expect(profiles.every(({ photoURL }) => isPresetAvatar(photoURL ?? ""))).toBe(true);
  });

  it("spreads the posts over past days, the newest a few hours old", async () => {
    const posts = await creationTimes("posts");
    expect(posts.length).toBeGreaterThan(10);
    expect(distinctDays(posts)).toBe(posts.length);
    expect(Math.max(...posts)).toBeLessThan(seededAt);
    expect(Math.max(...posts)).toBeGreaterThan(seededAt - DAY);
    expect(Math.min(...posts)).toBeLessThan(seededAt - 14 * DAY);
  });

  it("puts the books on days before the posts, and the users before everything", async () => {
    const [books, posts, users] = await Promise.all([
      creationTimes("books"),
      creationTimes("posts"),
      creationTimes("users"),
    ]);
    expect(distinctDays(books)).toBe(books.length);
    expect(Math.max(...books)).toBeLessThan(Math.min(...posts));
    expect(Math.max(...users)).toBeLessThan(Math.min(...books));
    expect(Math.min(...users)).toBeGreaterThan(seededAt - (DEMO_HISTORY_DAYS + 1) * DAY);
  });

  it("dates comments after the post they are about", async () => {
    const pairs = await engine.admin.run(async (ctx) => {
      const comments = await ctx.db.query("postComments").collect();
      return await Promise.all(
        comments.map(async (comment) => [comment._creationTime, (await ctx.db.get(comment.postId))!._creationTime]),
      );
    });
    expect(pairs.length).toBeGreaterThan(0);
    for (const [comment, post] of pairs) expect(comment).toBeGreaterThan(post!);
  });

  it("writes the demo messages now, after the posts they mention, and leaves the clock as it was", async () => {
    const [messages, posts] = await Promise.all([creationTimes("messages"), creationTimes("posts")]);
    expect(Math.min(...messages)).toBeGreaterThan(Math.max(...posts));
    expect(Math.min(...messages)).toBeGreaterThanOrEqual(seededAt);
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(1000);
    expect(Date.now()).toBeGreaterThanOrEqual(seededAt);
  });
});
