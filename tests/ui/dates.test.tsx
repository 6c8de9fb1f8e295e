import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatWhen } from "@/lib/format";

const now = new Date(2026, 10, 23, 15, 30).getTime();
const minutes = (count: number) => now - count * 60_000;

describe("when something happened", () => {
  it("says it relative to now while recent", () => {
    expect(formatWhen(now - 20_000, now)).toBe("just now");
    expect(formatWhen(minutes(3), now)).toBe("3 min ago");
    expect(formatWhen(minutes(59), now)).toBe("59 min ago");
    expect(formatWhen(minutes(5 * 60), now)).toBe("5 h ago");
    expect(formatWhen(new Date(2026, 10, 22, 9, 0).getTime(), now)).toBe("yesterday");
    expect(formatWhen(new Date(2026, 10, 19, 23, 0).getTime(), now)).toBe("4 days ago");
  });

  it("gives the date once older than a week, the same on books, posts and comments", () => {
    expect(formatWhen(new Date(2026, 2, 4, 14, 5).getTime(), now)).toBe(
      new Date(2026, 2, 4).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }),
    );
  });

  it("never says a moment from a clock slightly ahead is in the future", () => {
    expect(formatWhen(now + 5_000, now)).toBe("just now");
  });

  it("shows the full date and time on hover", async () => {
    const written = Date.now() - 3.5 * 60_000;
    render(<TimeAgo timestamp={written} />);
    const time = screen.getByText("3 min ago");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("dateTime", new Date(written).toISOString());
    // Made when the pointer arrives, so a page of times builds no date formatter up front.
    expect(time).not.toHaveAttribute("title");
    await userEvent.hover(time);
    expect(time).toHaveAttribute(
      "title",
      new Date(written).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" }),
    );
  });
});
