import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "@/lib/badge-count";
import { formatConversationTime, formatDayHeading, isSameDay } from "@/lib/format";

const now = new Date(2026, 10, 23, 15, 30).getTime();
const at = (day: number, hour = 9) => new Date(2026, 10, day, hour, 5).getTime();

describe("conversation times", () => {
  it("shows the time today, Yesterday, the weekday within a week, then the date", () => {
    expect(formatConversationTime(at(23), now)).toMatch(/09.05/);
    expect(formatConversationTime(at(22, 23), now)).toBe("Yesterday");
    expect(formatConversationTime(at(18), now)).toBe(
      new Date(at(18)).toLocaleDateString(undefined, { weekday: "short" }),
    );
    expect(formatConversationTime(at(2), now)).toBe(
      new Date(at(2)).toLocaleDateString(undefined, { month: "short", day: "numeric" }),
    );
    expect(formatConversationTime(new Date(2025, 0, 2).getTime(), now)).toContain("2025");
  });

  it("heads each day of a conversation with Today, Yesterday or its date", () => {
    expect(formatDayHeading(at(23, 1), now)).toBe("Today");
    expect(formatDayHeading(at(22), now)).toBe("Yesterday");
    expect(formatDayHeading(at(20), now)).toContain("2026");
    expect(isSameDay(at(23, 0), at(23, 23))).toBe(true);
    expect(isSameDay(at(22, 23), at(23, 0))).toBe(false);
  });

  it("caps badge counts at 99+", () => {
    expect([1, 99, 100, 250].map(formatBadgeCount)).toEqual(["1", "99", "99+", "99+"]);
  });
});
