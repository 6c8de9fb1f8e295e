import { describe, expect, it } from "vitest";
import { peopleHere, shouldSignalTyping, typingLabel, typingNames, type RoomPresence } from "@/features/chats/typing";

const now = 1_000_000;
const person = (userId: string, name: string, typingUntil?: number, online = true): RoomPresence => ({
  userId,
  name,
  online,
  data: typingUntil === undefined ? undefined : { typingUntil },
});

describe("typing label", () => {
  it("names one, two, three people, then counts the rest", () => {
    expect(typingLabel([])).toBeNull();
    expect(typingLabel(["Alice"])).toBe("Alice is typing…");
    expect(typingLabel(["Alice", "Ben"])).toBe("Alice and Ben are typing…");
    expect(typingLabel(["Alice", "Ben", "Cleo"])).toBe("Alice, Ben and Cleo are typing…");
    expect(typingLabel(["Alice", "Ben", "Cleo", "Dan", "Eve"])).toBe("Alice, Ben and 3 others are typing…");
  });

  it("counts only others who are here and whose typing has not expired", () => {
    const presence = [
      person("me", "Me", now + 5_000),
      person("alice", "Alice", now + 4_000),
      person("ben", "Ben", now - 1),
      person("cleo", "Cleo"),
      person("dan", "Dan", now + 4_000, false),
      { userId: "eve", online: true, data: { typingUntil: now + 1 } },
      { userId: "fay", name: "Fay", online: true, data: "not presence data" },
    ];
    expect(typingNames(presence, "me", now)).toEqual(["Alice", "Someone"]);
    expect(typingNames(presence, "me", now + 4_000)).toEqual([]);
  });

  it("lists who is here now, leaving out those who left", () => {
    expect(peopleHere([person("a", "A"), person("b", "B", undefined, false)]).map((p) => p.userId)).toEqual(["a"]);
  });

  it("tells the server at once, then at most every 2 seconds", () => {
    expect(shouldSignalTyping(null, now)).toBe(true);
    expect(shouldSignalTyping(now, now + 1_999)).toBe(false);
    expect(shouldSignalTyping(now, now + 2_000)).toBe(true);
  });
});
