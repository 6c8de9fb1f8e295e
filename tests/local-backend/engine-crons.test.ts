import { afterAll, describe, expect, it } from "vitest";
import { nextRunAfter } from "../../local-backend/engine/cron-schedule";
import { fixtureEngine, nextCommitTo, removeTemporaryDataDirs } from "./engine-test-env";

afterAll(removeTemporaryDataDirs);

const at = (iso: string) => Date.parse(iso);

describe("when crons run next", () => {
  it("adds the interval to the last run", () => {
    expect(nextRunAfter({ type: "interval", seconds: 30 }, at("2025-01-01T00:00:10Z"))).toBe(
      at("2025-01-01T00:00:40Z"),
    );
    expect(nextRunAfter({ type: "interval", hours: 2 }, at("2025-01-01T00:00:00Z"))).toBe(at("2025-01-01T02:00:00Z"));
  });

  it("finds the next matching minute in UTC for hourly, daily, weekly and monthly schedules", () => {
    const from = at("2025-01-01T10:30:20Z"); // a Wednesday
    expect(nextRunAfter({ type: "hourly", minuteUTC: 15 }, from)).toBe(at("2025-01-01T11:15:00Z"));
    expect(nextRunAfter({ type: "daily", hourUTC: 10, minuteUTC: 45 }, from)).toBe(at("2025-01-01T10:45:00Z"));
    expect(nextRunAfter({ type: "weekly", dayOfWeek: "monday", hourUTC: 8 }, from)).toBe(at("2025-01-06T08:00:00Z"));
    expect(nextRunAfter({ type: "monthly", day: 31, hourUTC: 0 }, at("2025-02-01T00:00:00Z"))).toBe(
      at("2025-03-31T00:00:00Z"),
    );
  });

  it("understands cron expressions with steps, ranges and lists", () => {
    const from = at("2025-01-01T10:31:00Z");
    expect(nextRunAfter({ type: "cron", cron: "*/15 * * * *" }, from)).toBe(at("2025-01-01T10:45:00Z"));
    expect(nextRunAfter({ type: "cron", cron: "0 9-17/4 * * 1-5" }, from)).toBe(at("2025-01-01T13:00:00Z"));
    expect(nextRunAfter({ type: "cron", cron: "0 0 1,15 * *" }, from)).toBe(at("2025-01-15T00:00:00Z"));
    expect(nextRunAfter({ type: "cron", cron: "0 0 30 2 *" }, from)).toBeNull();
  });
});

it("runs the project's crons in real time", async () => {
  const engine = await fixtureEngine();
  const started = Date.now();
  await nextCommitTo(engine, "ticks");
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  const ticks = await engine.admin.run(async (ctx) => await ctx.db.query("ticks" as never).collect());
  expect(ticks).toMatchObject([{ source: "cron" }]);
  await engine.close();
}, 10_000);
