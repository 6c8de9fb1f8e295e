import { describe, expect, it } from "vitest";
import { peopleHere, typingNames, type RoomPresence } from "@/features/chats/typing";
import {
  shouldSignalTyping,
  typingDeadlines,
  typingLabel,
  typingSince,
  TYPING_SINCE_STEP_MS,
  type TypingSignal,
} from "@/lib/typing-signals";
import { TYPING_SIGNAL_MS } from "../../convex/shared/typing-signal";

const now = 1_000_000;
const person = (userId: string, name: string, online = true): RoomPresence => ({ userId, name, online });
const signal = (userId: string, until: number): TypingSignal => ({ userId, until });

describe("typing label", () => {
  it("names one, two, three people, then counts the rest", () => {
    expect(typingLabel([])).toBeNull();
    expect(typingLabel(["Alice"])).toBe("Alice is typing…");
    expect(typingLabel(["Alice", "Ben"])).toBe("Alice and Ben are typing…");
    expect(typingLabel(["Alice", "Ben", "Cleo"])).toBe("Alice, Ben and Cleo are typing…");
    expect(typingLabel(["Alice", "Ben", "Cleo", "Dan", "Eve"])).toBe("Alice, Ben and 3 others are typing…");
  });

  it("counts only others who are here and whose typing has not lapsed", () => {
    const presence = [
      person("me", "Me"),
      person("alice", "Alice"),
      person("ben", "Ben"),
      person("cleo", "Cleo"),
      person("dan", "Dan", false),
      { userId: "eve", online: true },
    ];
    const signals = [
      signal("me", now + 5_000),
      signal("alice", now + 4_000),
      signal("ben", now - 1),
      signal("dan", now + 4_000),
      signal("eve", now + 1),
    ];
    const deadlines = typingDeadlines(null, signals, now);
    expect(typingNames(presence, "me", deadlines, now)).toEqual(["Alice", "Someone"]);
    expect(typingNames(presence, "me", deadlines, now + 4_000)).toEqual([]);
  });

  it("times a signal that arrives while the room is open from when it came, whatever the server's clock says", () => {
    const presence = [person("alice", "Alice"), person("ben", "Ben")];
    const before = typingDeadlines(null, [], now);
    // The server's clock is a minute ahead of the reader's, or a minute behind.
    const signals = [signal("alice", now + 60_000 + TYPING_SIGNAL_MS), signal("ben", now - 60_000 + TYPING_SIGNAL_MS)];
    const seen = typingDeadlines(before, signals, now);
    expect(typingNames(presence, "me", seen, now + TYPING_SIGNAL_MS - 1)).toEqual(["Alice", "Ben"]);
    expect(typingNames(presence, "me", seen, now + TYPING_SIGNAL_MS)).toEqual([]);
  });

  it("keeps a signal's deadline while the same signal is listed again, and renews it for a new one", () => {
    const seen = typingDeadlines(new Map(), [signal("alice", 5_000)], now);
    const again = typingDeadlines(seen, [signal("alice", 5_000)], now + 3_000);
    expect(again.get("alice")?.until).toBe(now + TYPING_SIGNAL_MS);
    const renewed = typingDeadlines(again, [signal("alice", 7_000)], now + 3_000);
    expect(renewed.get("alice")?.until).toBe(now + 3_000 + TYPING_SIGNAL_MS);
    expect(typingDeadlines(renewed, [], now + 4_000).size).toBe(0);
  });

  it("lists who is here now, leaving out those who left", () => {
    expect(peopleHere([person("a", "A"), person("b", "B", false)]).map((p) => p.userId)).toEqual(["a"]);
  });

  it("tells the server at once, then at most every 2 seconds", () => {
    expect(shouldSignalTyping(null, now)).toBe(true);
    expect(shouldSignalTyping(now, now + 1_999)).toBe(false);
    expect(shouldSignalTyping(now, now + 2_000)).toBe(true);
  });
});

describe("the time the typing query is asked from", () => {
  it("stays the same for a step, so the query's arguments (and its cache) hold, and reaches back past the signal span", () => {
    const start = 1_700_000_010_000;
    const since = typingSince(start);
    expect(since % TYPING_SINCE_STEP_MS).toBe(0);
    expect(since).toBeLessThan(start - 60_000 - TYPING_SIGNAL_MS);
    const sameStep = Array.from({ length: 10 }, (_, i) => typingSince(start + i * 1_000));
    expect(new Set(sameStep).size).toBeLessThanOrEqual(2);
    expect(typingSince(start + TYPING_SINCE_STEP_MS)).toBe(since + TYPING_SINCE_STEP_MS);
  });
});
