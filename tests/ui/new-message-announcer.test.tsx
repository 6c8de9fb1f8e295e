import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewMessageAnnouncer } from "@/components/messaging/new-message-announcer";

type Message = { _id: string; _creationTime: number; isMine: boolean; author: string; text: string };

const describeNew = (message: Message) => `New message from ${message.author}: ${message.text}`;
const fromAnn = (at: number, text: string): Message => ({
  _id: `m${at}`,
  _creationTime: at,
  isMine: false,
  author: "Ann",
  text,
});
const mine = (at: number, text: string): Message => ({
  _id: `m${at}`,
  _creationTime: at,
  isMine: true,
  author: "Me",
  text,
});

type Step = { messages: Message[]; loaded: boolean };

/** The announcer over a history (oldest first) that goes through `steps`; returns what its live region says at each. */
function announcements(steps: Step[]): string[] {
  const [first, ...rest] = steps;
  const { rerender, container } = render(<NewMessageAnnouncer {...first!} describe={describeNew} />);
  const said = () => container.querySelector("[aria-live]")?.textContent ?? "";
  const all = [said()];
  for (const step of rest) {
    rerender(<NewMessageAnnouncer {...step} describe={describeNew} />);
    all.push(said());
  }
  return all;
}

const announcementAfter = (steps: Step[]) => announcements(steps).at(-1);

describe("NewMessageAnnouncer", () => {
  it("says nothing of the history already there when it opened", () => {
    expect(
      announcementAfter([
        { messages: [], loaded: false },
        { messages: [fromAnn(10, "Old news")], loaded: true },
      ]),
    ).toBe("");
  });

  it("announces someone else's message that arrives while the history is open", () => {
    expect(
      announcementAfter([
        { messages: [fromAnn(10, "Old news")], loaded: true },
        { messages: [fromAnn(10, "Old news"), fromAnn(20, "Hi")], loaded: true },
      ]),
    ).toBe("New message from Ann: Hi");
  });

  it("announces the first message of a conversation that was empty when it opened", () => {
    expect(
      announcementAfter([
        { messages: [], loaded: false },
        { messages: [], loaded: true },
        { messages: [fromAnn(20, "Hi")], loaded: true },
      ]),
    ).toBe("New message from Ann: Hi");
  });

  it("does not announce the reader's own messages, nor an older one coming back into view", () => {
    expect(
      announcementAfter([
        { messages: [], loaded: true },
        { messages: [mine(20, "Hello?")], loaded: true },
        { messages: [fromAnn(10, "Older")], loaded: true },
      ]),
    ).toBe("");
    expect(screen.queryByText(/New message/)).toBeNull();
  });

  it("clears at once when the announced message is deleted, without announcing the one before it", () => {
    const old = fromAnn(10, "Old news");
    const rude = fromAnn(20, "Something rude");
    expect(
      announcements([
        { messages: [old], loaded: true },
        { messages: [old, rude], loaded: true },
        { messages: [old], loaded: true },
      ]),
    ).toEqual(["", "New message from Ann: Something rude", ""]);
  });

  it("clears when the announced message is deleted after the reader's reply, and when the history empties", () => {
    const rude = fromAnn(20, "Something rude");
    const reply = mine(30, "Please stop");
    expect(
      announcements([
        { messages: [], loaded: true },
        { messages: [rude], loaded: true },
        { messages: [rude, reply], loaded: true },
        { messages: [reply], loaded: true },
      ]),
    ).toEqual(["", "New message from Ann: Something rude", "New message from Ann: Something rude", ""]);
    expect(
      announcements([
        { messages: [], loaded: true },
        { messages: [rude], loaded: true },
        { messages: [], loaded: true },
      ]).at(-1),
    ).toBe("");
  });

  it("keeps the announcement when another message is deleted", () => {
    const old = fromAnn(10, "Old news");
    const hi = fromAnn(20, "Hi");
    expect(
      announcementAfter([
        { messages: [old], loaded: true },
        { messages: [old, hi], loaded: true },
        { messages: [hi], loaded: true },
      ]),
    ).toBe("New message from Ann: Hi");
  });
});
