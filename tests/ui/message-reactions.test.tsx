/**
 * Reactions under a message (issue 32, src/components/messaging/reactions/): pills with counts,
 * pressed when mine, toggling on click; who reacted on focus; the "Add reaction" row of six.
 */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { AddReactionButton } from "@/components/messaging/reactions/add-reaction-button";
import { ReactionBar } from "@/components/messaging/reactions/reaction-bar";
import { whoLine } from "@/components/messaging/reactions/reaction-names";
import { createConvexMock } from "./convex-mock";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

const messageId = "m1" as Id<"chatMessages">;

describe("reaction pills", () => {
  it("show each emoji with its count, pressed when I gave it, and toggle on click", async () => {
    convex.onQuery(api.messageReactions.mineAmong, [{ messageId, emoji: "❤️" }]);
    render(
      <ReactionBar
        messageId={messageId}
        reactions={[
          { emoji: "👍", count: 1 },
          { emoji: "❤️", count: 3 },
        ]}
      />,
    );
    const group = screen.getByRole("group", { name: "Reactions" });
    const heart = within(group).getByRole("button", { name: "Red heart: 3 reactions" });
    expect(heart).toHaveAttribute("aria-pressed", "true");
    expect(within(group).getByRole("button", { name: "Thumbs up: 1 reaction" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await userEvent.setup().click(heart);
    expect(convex.mutation(api.messageReactions.toggle)).toHaveBeenCalledWith({ messageId, emoji: "❤️" });
  });

  it("show nothing and ask nothing when the message has no reactions", () => {
    render(<ReactionBar messageId={messageId} reactions={[]} />);
    expect(screen.queryByRole("group", { name: "Reactions" })).toBeNull();
    expect(convex.calls(api.messageReactions.mineAmong)).toEqual([]);
  });

  it("describe a focused pill with who gave it, and Escape hides the names", async () => {
    convex.onQuery(api.messageReactions.who, {
      people: [
        { userId: "u1" as Id<"users">, displayName: "You" },
        { userId: "u2" as Id<"users">, displayName: "Alice" },
      ],
      total: 5,
    });
    render(<ReactionBar messageId={messageId} reactions={[{ emoji: "😂", count: 5 }]} />);
    const pill = screen.getByRole("button", { name: "Face with tears of joy: 5 reactions" });
    act(() => pill.focus());
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip).toHaveTextContent("You, Alice and 3 others reacted with Face with tears of joy");
    expect(pill).toHaveAccessibleDescription("You, Alice and 3 others reacted with Face with tears of joy");
    await userEvent.setup().keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("say the names as one line", () => {
    expect(whoLine(["You"], 1)).toBe("You");
    expect(whoLine(["Alice", "Bob"], 2)).toBe("Alice and Bob");
    expect(whoLine(["Alice", "Bob", "Carol"], 3)).toBe("Alice, Bob and Carol");
    expect(whoLine(["Alice"], 2)).toBe("Alice and 1 other");
  });
});

describe("add reaction", () => {
  it("opens the six emoji from the keyboard; choosing one toggles it and closes the row", async () => {
    convex.onQuery(api.messageReactions.mineAmong, [{ messageId, emoji: "👍" }]);
    const user = userEvent.setup();
    render(<AddReactionButton messageId={messageId} />);
    const button = screen.getByRole("button", { name: "Add reaction" });
    button.focus();
    await user.keyboard("{Enter}");
    const row = screen.getByRole("dialog", { name: "Add reaction" });
    const choices = within(row).getAllByRole("button");
    expect(choices.map((choice) => choice.textContent)).toEqual(["👍", "❤️", "😂", "😮", "😢", "🙏"]);
    expect(choices[0]).toHaveFocus();
    expect(choices[0]).toHaveAttribute("aria-pressed", "true");
    await user.keyboard("{ArrowRight}");
    expect(choices[1]).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(convex.mutation(api.messageReactions.toggle)).toHaveBeenCalledWith({ messageId, emoji: "❤️" });
    expect(screen.queryByRole("dialog", { name: "Add reaction" })).toBeNull();
    expect(button).toHaveFocus();
  });

  it("closes on Escape, giving the focus back", async () => {
    const user = userEvent.setup();
    render(<AddReactionButton messageId={messageId} />);
    await user.click(screen.getByRole("button", { name: "Add reaction" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Add reaction" })).toHaveFocus();
  });
});
