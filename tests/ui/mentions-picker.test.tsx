/**
 * The @mention picker by keyboard (WAI-ARIA combobox with a listbox): in the comment box and in a
 * chat room's composer.
 */
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CommentForm } from "@/components/comments/comment-form";
import { MessageComposer } from "@/components/messaging/message-composer";
import { Dialog } from "@/components/ui/dialog";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { PublicUser } from "@convex/shared/public-user";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

const PEOPLE: PublicUser[] = [
  { userId: "bob" as Id<"users">, displayName: "Bob Allen", photoURL: null },
  { userId: "bea" as Id<"users">, displayName: "Bea", photoURL: null },
];

function answerPeople() {
  convex.onQuery(api.mentions.candidates, ({ query }) =>
    PEOPLE.filter((person) => person.displayName.toLowerCase().startsWith(query.toLowerCase())),
  );
}

function renderCommentForm() {
  answerPeople();
  const onSubmit = vi.fn().mockResolvedValue(null);
  const rendered = renderWithApp(<CommentForm onSubmit={onSubmit} maxLength={1000} />);
  return { ...rendered, onSubmit, box: screen.getByRole("textbox", { name: "Add a comment" }) };
}

describe("the @mention picker", () => {
  it("opens on '@' and letters, moves with the arrows, chooses with Enter and records the span", async () => {
    const { user, box, onSubmit } = renderCommentForm();
    await user.type(box, "Hi @B");

    const combobox = screen.getByRole("combobox", { name: "Add a comment" });
    expect(combobox).toHaveAttribute("aria-expanded", "true");
    const listbox = screen.getByRole("listbox", { name: "People to mention" });
    expect(combobox).toHaveAttribute("aria-controls", listbox.id);
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Bob Allen", "Bea"]);
    expect(combobox).toHaveAttribute("aria-activedescendant", options[0]!.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("2 people found")).toBeInTheDocument();

    await user.keyboard("{ArrowDown}");
    expect(combobox).toHaveAttribute("aria-activedescendant", options[1]!.id);
    await user.keyboard("{ArrowDown}");
    expect(combobox).toHaveAttribute("aria-activedescendant", options[0]!.id);
    await user.keyboard("{ArrowUp}");
    expect(combobox).toHaveAttribute("aria-activedescendant", options[1]!.id);
    await user.keyboard("{ArrowUp}{Enter}");

    // Chosen: the name is in, the list closed, and the field is the plain textbox again.
    expect(box).toHaveValue("Hi @Bob Allen ");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box).not.toHaveAttribute("aria-expanded");
    await user.type(box, "look{Control>}{Enter}{/Control}");
    expect(onSubmit).toHaveBeenCalledWith("Hi @Bob Allen look", [{ userId: "bob", start: 3, length: 10 }]);
  });

  it("chooses with Tab and with a click too", async () => {
    const { user, box } = renderCommentForm();
    await user.type(box, "@be");
    await user.keyboard("{Tab}");
    expect(box).toHaveValue("@Bea ");
    expect(box).toHaveFocus();
    await user.type(box, "and @bo");
    await user.click(screen.getByRole("option", { name: "Bob Allen" }));
    expect(box).toHaveValue("@Bea and @Bob Allen ");
  });

  it("closes on Escape until another '@' is typed, and says nothing when nobody matches", async () => {
    const { user, box, onSubmit } = renderCommentForm();
    await user.type(box, "@B");
    expect(screen.getByRole("listbox", { name: "People to mention" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.type(box, "o");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.type(box, " @zz");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.type(box, "{Control>}{Enter}{/Control}");
    // Typed names without a choice are plain text: no mentions go with it.
    expect(onSubmit).toHaveBeenCalledWith("@Bo @zz");
  });

  it("in a dialog, Escape closes the list and leaves the dialog open; the next Escape closes it", async () => {
    answerPeople();
    const onOpenChange = vi.fn();
    const { user } = renderWithApp(
      <Dialog open onOpenChange={onOpenChange} title="Comments">
        <CommentForm onSubmit={vi.fn()} maxLength={1000} />
      </Dialog>,
    );
    await user.type(screen.getByRole("textbox", { name: "Add a comment" }), "@B");
    expect(screen.getByRole("listbox", { name: "People to mention" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("editing inside a chosen name drops its mention; the text stays", async () => {
    const { user, box, onSubmit } = renderCommentForm();
    await user.type(box, "@Bo{Enter}");
    expect(box).toHaveValue("@Bob Allen ");
    await user.type(box, "{Backspace}{Backspace}!{Control>}{Enter}{/Control}");
    expect(onSubmit).toHaveBeenCalledWith("@Bob Alle!");
  });

  it("in a chat room's composer, Enter chooses a person instead of sending; the room is asked first", async () => {
    answerPeople();
    const onSend = vi.fn().mockResolvedValue(null);
    const roomId = "room1" as Id<"chatRooms">;
    const { user } = renderWithApp(<MessageComposer onSend={onSend} maxLength={2000} mentionsIn={{ roomId }} />);
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, "@");
    expect(convex.calls(api.mentions.candidates)).toContainEqual({ query: "", roomId });
    await user.type(box, "bo{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "hi{Enter}");
    expect(onSend).toHaveBeenCalledWith("@Bob Allen hi", [{ userId: "bob", start: 0, length: 10 }]);
    expect(box).toHaveValue("");
  });
});
