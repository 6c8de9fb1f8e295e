import { Presence } from "@convex-dev/presence";
import { RateLimiter } from "@convex-dev/rate-limiter";
import { describe, expect, it } from "vitest";
import { components } from "../../convex/_generated/api";
import { newBackend } from "./test-env";

describe("components of convex.config.ts in unit tests", () => {
  it("the rate limiter counts calls made from app code", async () => {
    const t = newBackend();
    const limiter = new RateLimiter(components.rateLimiter, {
      tryIt: { kind: "fixed window", rate: 1, period: 60_000 },
    });
    const attempt = () => t.run(async (ctx) => (await limiter.limit(ctx, "tryIt", { key: "ann" })).ok);
    expect(await attempt()).toBe(true);
    expect(await attempt()).toBe(false);
  });

  it("presence lists who joined a room from app code", async () => {
    const t = newBackend();
    const presence = new Presence(components.presence);
    await t.run(async (ctx) => await presence.heartbeat(ctx, "lobby", "ann", "tab-1", 10_000));
    const online = await t.run(async (ctx) => await presence.listRoom(ctx, "lobby"));
    expect(online).toMatchObject([{ userId: "ann", online: true }]);
  });
});
