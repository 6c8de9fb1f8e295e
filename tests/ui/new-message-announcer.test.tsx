import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewMessageAnnouncer } from "@/components/messaging/new-message-announcer";

type Message = { _creationTime: number; isMine: boolean; author: string; text: string };

const describeNew = (message: Message) => `New message from ${message.author}: ${message.text}`;
const fromAnn = (at: number, text: string): Message => ({ _creationTime: at, isMine: false, author: "Ann", text });
const mine = (at: number, text: string): Message => ({ _creationTime: at, isMine: true, author: "Me", text });

/** The announcer over a history that goes through `steps` (its newest message, and whether it has loaded). */
function announcementAfter(steps: { newest: Message | undefined; loaded: boolean }[]): string {
  const [first, ...rest] = steps;
  const { rerender, container } = render(<NewMessageAnnouncer {...first!} describe={describeNew} />);
  for (const step of rest) rerender(<NewMessageAnnouncer {...step} describe={describeNew} />);
  return container.querySelector("[aria-live]")?.textContent ?? "";
}

describe("NewMessageAnnouncer", () => {
  it("says nothing of the history already there when it opened", () => {
    expect(
      announcementAfter([
        { newest: undefined, loaded: false },
        { newest: fromAnn(10, "Old news"), loaded: true },
      ]),
    ).toBe("");
  });

  it("announces someone else's message that arrives while the history is open", () => {
    expect(
      announcementAfter([
        { newest: fromAnn(10, "Old news"), loaded: true },
        { newest: fromAnn(20, "Hi"), loaded: true },
      ]),
    ).toBe("New message from Ann: Hi");
  });

  it("announces the first message of a conversation that was empty when it opened", () => {
    expect(
      announcementAfter([
        { newest: undefined, loaded: false },
        { newest: undefined, loaded: true },
        { newest: fromAnn(20, "Hi"), loaded: true },
      ]),
    ).toBe("New message from Ann: Hi");
  });

  it("does not announce the reader's own messages, nor an older one coming back into view", () => {
    expect(
      announcementAfter([
        { newest: undefined, loaded: true },
        { newest: mine(20, "Hello?"), loaded: true },
        { newest: fromAnn(10, "Older"), loaded: true },
      ]),
    ).toBe("");
    expect(screen.queryByText(/New message/)).toBeNull();
  });
});
