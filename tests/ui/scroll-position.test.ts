import { describe, expect, it } from "vitest";
import { historyChange, isNearBottom, scrollAction } from "@/lib/scroll-position";

describe("message history scrolling", () => {
  it("counts as at the bottom within 80 px of the end", () => {
    expect(isNearBottom({ scrollTop: 920, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 900, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });

  it("tells a new message from an older page loaded above and from a deletion", () => {
    expect(historyChange(null, { oldest: 5, newest: 9 })).toBe("first-load");
    expect(historyChange({ oldest: 5, newest: 9 }, { oldest: 5, newest: 12 })).toBe("newer");
    expect(historyChange({ oldest: 5, newest: 9 }, { oldest: 1, newest: 9 })).toBe("older");
    expect(historyChange({ oldest: 5, newest: 9 }, { oldest: 5, newest: 7 })).toBe("other");
    expect(historyChange({ oldest: 5, newest: 9 }, { oldest: 6, newest: 9 })).toBe("other");
  });

  it("opens at the newest message", () => {
    expect(scrollAction("first-load", false, false)).toBe("to-bottom");
  });

  it("follows a new message while the reader is at the bottom", () => {
    expect(scrollAction("newer", true, false)).toBe("to-bottom");
  });

  it("leaves a reader who scrolled up where they are and offers New messages", () => {
    expect(scrollAction("newer", false, false)).toBe("offer-new");
  });

  it("always shows the reader's own message just sent, even when scrolled up", () => {
    expect(scrollAction("newer", false, true)).toBe("to-bottom");
  });

  it("keeps the reader's place when an older page loads above, and does nothing on a deletion", () => {
    expect(scrollAction("older", false, false)).toBe("keep-place");
    expect(scrollAction("older", true, false)).toBe("keep-place");
    expect(scrollAction("other", true, false)).toBe("none");
    expect(scrollAction("other", false, false)).toBe("none");
  });
});
