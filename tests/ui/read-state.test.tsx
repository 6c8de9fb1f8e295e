import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ScrollingHistory } from "@/components/messaging/scrolling-history";
import { ChatRoomCard } from "@/features/chats/components/chat-room-card";
import type { ChatRoomSummary } from "@/features/chats/chat-types";
import { seenMessageId } from "@/features/messages/seen";
import { namesTyping } from "@/lib/typing-signals";
import { renderWithApp } from "./render";

type Message = { _id: string; _creationTime: number; isMine: boolean; text: string };
const message = (at: number, isMine = false): Message => ({
  _id: `m${at}`,
  _creationTime: at,
  isMine,
  text: `At ${at}`,
});

function history(newestFirst: Message[], unreadAfter: number | null, onReadToBottom = vi.fn()) {
  render(
    <ScrollingHistory
      newestFirst={newestFirst}
      status="Exhausted"
      onLoadOlder={() => undefined}
      label="Messages in Book club"
      emptyText="No messages yet."
      describeNew={(m) => m.text}
      renderMessage={(m) => <li key={m._id}>{m.text}</li>}
      unreadAfter={unreadAfter}
      onReadToBottom={onReadToBottom}
    />,
  );
  return onReadToBottom;
}

describe("the New divider", () => {
  it("goes above the first message of someone else's after the reader's mark", () => {
    // Newest first, as the server pages them; 3 000 is the reader's own, so it starts at 4 000.
    history([message(5_000), message(4_000), message(3_000, true), message(2_000)], 2_000);
    const items = within(screen.getByRole("list", { name: "Messages" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items.slice(1)).toEqual(["At 2000", "At 3000", "New messages since your last visit", "At 4000", "At 5000"]);
  });

  it("is not there with nothing unread, and reading at the bottom reports the newest message", () => {
    const onReadToBottom = history([message(5_000), message(4_000)], null);
    expect(screen.queryByText(/since your last visit/)).toBeNull();
    // jsdom lays nothing out: the box is "at the bottom".
    expect(onReadToBottom).toHaveBeenCalledWith(5_000);
  });
});

describe("Seen", () => {
  it("marks the newest of the reader's messages at or before the other person's mark", () => {
    const newestFirst = [message(5_000), message(4_000, true), message(3_000, true), message(2_000)];
    expect(seenMessageId(newestFirst, undefined)).toBeNull();
    expect(seenMessageId(newestFirst, 0)).toBeNull();
    expect(seenMessageId(newestFirst, 3_500)).toBe("m3000");
    expect(seenMessageId(newestFirst, 5_000)).toBe("m4000");
  });
});

describe("typing names", () => {
  it("names only the candidates whose signal has not lapsed, in the candidates' order", () => {
    const deadlines = new Map([
      ["ann", { signal: 1, until: 2_000 }],
      ["bob", { signal: 1, until: 500 }],
    ]);
    const people = [{ userId: "bob", name: "Bob" }, { userId: "ann", name: "Ann" }, { userId: "cy" }];
    expect(namesTyping(people, deadlines, 1_000)).toEqual(["Ann"]);
  });
});

describe("a room on /chats", () => {
  const room = {
    _id: "room1",
    name: "Book club",
    description: "Books",
    imageUrl: null,
    createdBy: { _id: "u1", displayName: "Ann", avatarUrl: null },
    isMine: false,
    lastMessageAt: null,
    onlineCount: 0,
  } as unknown as ChatRoomSummary;

  it("says New, visibly and to screen readers, only when it has unread messages", () => {
    const { unmount } = renderWithApp(<ChatRoomCard room={room} unread />);
    expect(screen.getByText("New")).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Book club\s*\(new messages since your last visit\)$/ })).toBeTruthy();
    unmount();
    renderWithApp(<ChatRoomCard room={room} />);
    expect(screen.queryByText("New")).toBeNull();
    expect(screen.getByRole("link", { name: "Book club" })).toBeTruthy();
  });
});
