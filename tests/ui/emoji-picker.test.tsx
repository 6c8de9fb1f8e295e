import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer } from "@/components/messaging/message-composer";
import { EMOJIS, insertAtCursor } from "@/lib/emojis";

function renderComposer(onTyping = vi.fn()) {
  const onSend = vi.fn().mockResolvedValue(null);
  render(<MessageComposer onSend={onSend} maxLength={2000} withEmojiPicker onTyping={onTyping} />);
  const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
  return { onSend, onTyping, box, user: userEvent.setup() };
}

describe("emoji choices", () => {
  it("are the seed's 29, all different and each with a name", () => {
    expect(EMOJIS).toHaveLength(29);
    expect(new Set(EMOJIS.map(({ emoji }) => emoji)).size).toBe(29);
    expect(new Set(EMOJIS.map(({ name }) => name)).size).toBe(29);
  });

  it("go in at the cursor, replacing a selection, with the cursor after them", () => {
    expect(insertAtCursor("Hello world", "🔥", 5)).toEqual({ text: "Hello🔥 world", cursor: 7 });
    expect(insertAtCursor("Hello world", "👋", 6, 11)).toEqual({ text: "Hello 👋", cursor: 8 });
    expect(insertAtCursor("", "😀", 0)).toEqual({ text: "😀", cursor: 2 });
    expect(insertAtCursor("ab", "✨", 99)).toEqual({ text: "ab✨", cursor: 3 });
  });
});

describe("emoji picker in the message box", () => {
  it("opens a grid of 29 named emoji buttons", async () => {
    const { user } = renderComposer();
    const toggle = screen.getByRole("button", { name: "Insert emoji" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const grid = screen.getByRole("dialog", { name: "Emojis" });
    expect(within(grid).getAllByRole("button")).toHaveLength(29);
    expect(within(grid).getByRole("button", { name: "Thumbs up" })).toHaveTextContent("👍");
    expect(within(grid).getAllByRole("button")[0]).toHaveFocus();
  });

  it("inserts the chosen emoji where the cursor was and gives the box the focus back, cursor after it", async () => {
    const { user, box } = renderComposer();
    await user.type(box, "Good morning");
    box.setSelectionRange(4, 4);
    await user.click(screen.getByRole("button", { name: "Insert emoji" }));
    await user.click(screen.getByRole("button", { name: "Waving hand" }));
    expect(box).toHaveValue("Good👋 morning");
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe(6);
    expect(screen.queryByRole("dialog", { name: "Emojis" })).toBeNull();
    await user.keyboard("!");
    expect(box).toHaveValue("Good👋! morning");
  });

  it("works from the keyboard: arrows move, Enter picks, Escape closes back to the button", async () => {
    const { user, box } = renderComposer();
    const toggle = screen.getByRole("button", { name: "Insert emoji" });
    toggle.focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("button", { name: EMOJIS[2]!.name })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: EMOJIS[8]!.name })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Emojis" })).toBeNull();
    expect(toggle).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.keyboard("{ArrowRight}{Enter}");
    expect(box).toHaveValue(EMOJIS[1]!.emoji);
    expect(box).toHaveFocus();
  });

  it("closes on a click elsewhere without inserting anything", async () => {
    const { user, box } = renderComposer();
    await user.click(screen.getByRole("button", { name: "Insert emoji" }));
    await user.click(box);
    expect(screen.queryByRole("dialog", { name: "Emojis" })).toBeNull();
    expect(box).toHaveValue("");
  });

  it("says typing while the draft has text, and stops on clearing, sending or leaving the box", async () => {
    const { user, box, onTyping, onSend } = renderComposer();
    await user.type(box, "Hi");
    expect(onTyping).toHaveBeenLastCalledWith(true);
    await user.clear(box);
    expect(onTyping).toHaveBeenLastCalledWith(false);
    await user.type(box, "Hello{Enter}");
    expect(onSend).toHaveBeenCalledWith("Hello");
    expect(onTyping).toHaveBeenLastCalledWith(false);
    await user.type(box, "x");
    await user.tab();
    expect(onTyping).toHaveBeenLastCalledWith(false);
  });
});
