/**
 * The phone's "More actions" menu on a message (src/components/ui/menu-button.tsx and
 * src/components/messaging/message-actions-menu.tsx): the WAI-ARIA menu button keyboard, and the
 * message's actions in it.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { MessageActionsMenu } from "@/components/messaging/message-actions-menu";
import { MenuButton } from "@/components/ui/menu-button";
import { createConvexMock } from "./convex-mock";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

const messageId = "m1" as Id<"chatMessages">;

function renderMenu() {
  const chosen: string[] = [];
  const items = ["Reply", "Edit", "Add reaction", "Delete"].map((label) => ({
    label,
    onSelect: () => chosen.push(label),
  }));
  render(
    <>
      <MenuButton label="Actions" icon={<span>⋯</span>} items={items} />
      <button type="button">After</button>
    </>,
  );
  const button = screen.getByRole("button", { name: "Actions" });
  return { chosen, button, user: userEvent.setup() };
}

describe("the menu button", () => {
  it("opens on its first item, moves with the arrows (wrapping), Home, End and letters", async () => {
    const { button, user } = renderMenu();
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    button.focus();
    await user.keyboard("{Enter}");
    const menu = screen.getByRole("menu", { name: "Actions" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("aria-controls", menu.id);
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Reply", "Edit", "Add reaction", "Delete"]);
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(items[1]).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(items[3]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{End}");
    expect(items[3]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(items[0]).toHaveFocus();
    await user.keyboard("a");
    expect(items[2]).toHaveFocus();
    // The items are reached with the arrows, not Tab.
    for (const item of items) expect(item).toHaveAttribute("tabindex", "-1");
  });

  it("Escape closes it and gives the focus back to the button", async () => {
    const { button, user } = renderMenu();
    await user.click(button);
    expect(screen.getByRole("menu")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("ArrowUp on the button opens it on the last item; Enter chooses it and the focus comes back", async () => {
    const { button, chosen, user } = renderMenu();
    button.focus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("menuitem", { name: "Delete" })).toHaveFocus();
    await user.keyboard("{ArrowUp}{Enter}");
    expect(chosen).toEqual(["Add reaction"]);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button).toHaveFocus();
  });

  it("Tab and a click elsewhere close it", async () => {
    const { button, user } = renderMenu();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(button);
    await user.click(document.body);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("a message's actions menu", () => {
  it("is named for whose message it is and offers Reply, Add reaction and Report on someone else's", async () => {
    const onReply = vi.fn();
    const user = userEvent.setup();
    render(
      <MessageActionsMenu
        messageId={messageId}
        text="Who read Dune?"
        authorName="Bob Baker"
        isMine={false}
        onReply={onReply}
        report={{ kind: "chatMessage", id: messageId }}
        align="end"
      />,
    );
    const button = screen.getByRole("button", { name: "Actions for Bob Baker's message “Who read Dune?”" });
    await user.click(button);
    const names = screen.getAllByRole("menuitem").map((item) => item.textContent);
    expect(names).toEqual(["Reply", "Add reaction", "Report"]);
    await user.keyboard("{Enter}");
    expect(onReply).toHaveBeenCalledOnce();
    await user.click(button);
    await user.click(screen.getByRole("menuitem", { name: "Report" }));
    expect(await screen.findByRole("dialog", { name: /Report/ })).toBeInTheDocument();
  });

  it("offers Edit and Delete on mine, and Add reaction opens the six emoji", async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(
      <MessageActionsMenu
        messageId={messageId}
        text="Part two is out"
        authorName="Carol"
        isMine
        onReply={vi.fn()}
        onEdit={onEdit}
        onDelete={onDelete}
        align="end"
      />,
    );
    const button = screen.getByRole("button", { name: "Actions for your message “Part two is out”" });
    button.focus();
    await user.keyboard("{Enter}");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Reply",
      "Edit",
      "Add reaction",
      "Delete",
    ]);
    await user.keyboard("{End}{Enter}");
    expect(onDelete).toHaveBeenCalledOnce();
    await user.keyboard("{Enter}{ArrowDown}{Enter}");
    expect(onEdit).toHaveBeenCalledOnce();

    await user.keyboard("{Enter}{ArrowDown}{ArrowDown}{Enter}");
    const row = screen.getByRole("dialog", { name: "Add reaction" });
    const choices = within(row).getAllByRole("button");
    expect(choices).toHaveLength(6);
    expect(choices[0]).toHaveFocus();
    await user.keyboard("{ArrowRight}{Enter}");
    expect(convex.mutation(api.messageReactions.toggle)).toHaveBeenCalledWith({ messageId, emoji: "❤️" });
    expect(screen.queryByRole("dialog", { name: "Add reaction" })).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard("{Enter}{ArrowUp}{ArrowUp}{Enter}{Escape}");
    expect(screen.queryByRole("dialog", { name: "Add reaction" })).toBeNull();
    expect(button).toHaveFocus();
  });
});
