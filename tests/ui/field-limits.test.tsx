import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CommentForm } from "@/components/comments/comment-form";
import { MessageComposer } from "@/components/messaging/message-composer";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { BookTextFields, type BookText } from "@/features/books/components/book-text-fields";

function Books() {
  const [text, setText] = useState<BookText>({ title: "", description: "", contact: "" });
  return <BookTextFields value={text} onChange={setText} readOnly={false} descriptionRows={4} />;
}

function OneLine({ max = 10, limitName }: { max?: number; limitName?: string }) {
  const [value, setValue] = useState("");
  return <TextField label="Nickname" value={value} onChange={setValue} maxLength={max} counter limitName={limitName} />;
}

function MultiLine({ counter }: { counter?: boolean }) {
  const [value, setValue] = useState("");
  return <TextArea label="Notes" rows={3} value={value} onChange={setValue} maxLength={10} counter={counter} />;
}

describe("character counters", () => {
  it("shows a multi-line field's counter from the start, described by it", async () => {
    const user = userEvent.setup();
    render(<MultiLine />);
    const box = screen.getByRole("textbox", { name: "Notes" });
    expect(screen.getByText("0/10")).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription("0/10");
    await user.type(box, "abc");
    expect(screen.getByText("3/10")).toBeInTheDocument();
  });

  it("can hide a multi-line field's counter", () => {
    render(<MultiLine counter={false} />);
    expect(screen.queryByText("0/10")).not.toBeInTheDocument();
  });

  it("shows a one-line field's counter from 80 % of the limit", async () => {
    const user = userEvent.setup();
    render(<OneLine />);
    const field = screen.getByRole("textbox", { name: "Nickname" });
    await user.type(field, "1234567");
    expect(screen.queryByText("7/10")).not.toBeInTheDocument();
    expect(field).not.toHaveAccessibleDescription();
    await user.type(field, "8");
    expect(screen.getByText("8/10")).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription("8/10");
  });

  it("says so at the limit, politely and only then, naming the field", async () => {
    const user = userEvent.setup();
    render(<OneLine limitName="Nicknames" />);
    const field = screen.getByRole("textbox", { name: "Nickname" });
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toBeEmptyDOMElement();
    await user.type(field, "123456789");
    expect(live).toBeEmptyDOMElement();
    // The browser stops at maxLength: the eleventh character does not go in.
    await user.type(field, "01");
    expect(field).toHaveValue("1234567890");
    expect(live).toHaveTextContent("Nicknames can be at most 10 characters.");
    // The counter itself is not a live region: it does not speak on every keystroke.
    expect(screen.getByText("10/10").closest("[aria-live]")).toBeNull();
    await user.type(field, "{Backspace}");
    expect(live).toBeEmptyDOMElement();
  });

  it("counts a book's title, description and contact, and says when the description is full", async () => {
    const user = userEvent.setup();
    render(<Books />);
    expect(screen.getByText("0/5,000")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Description"));
    await user.paste("x".repeat(5001));
    expect(screen.getByLabelText("Description")).toHaveValue("x".repeat(5000));
    expect(screen.getByText("5,000/5,000")).toBeInTheDocument();
    expect(screen.getByText("Descriptions can be at most 5,000 characters.")).toHaveAttribute("aria-live", "polite");

    await user.click(screen.getByLabelText("Title*"));
    await user.paste("t".repeat(96));
    expect(screen.getByText("96/120")).toBeInTheDocument();
    await user.paste("t".repeat(24));
    expect(screen.getByText("Titles can be at most 120 characters.")).toBeInTheDocument();
  });

  it("shows a comment box's counter all the time and its limit at 1,000", async () => {
    const user = userEvent.setup();
    render(<CommentForm onSubmit={vi.fn().mockResolvedValue(null)} maxLength={1000} />);
    expect(screen.getByText("0/1,000")).toBeInTheDocument();
    await user.click(screen.getByRole("textbox", { name: "Add a comment" }));
    await user.paste("y".repeat(1000));
    expect(screen.getByText("1,000/1,000")).toBeInTheDocument();
    expect(screen.getByText("Comments can be at most 1,000 characters.")).toBeInTheDocument();
  });

  it("shows the message composer's counter from 80 % of the limit, as for one-line fields", async () => {
    const user = userEvent.setup();
    render(<MessageComposer onSend={vi.fn().mockResolvedValue(null)} maxLength={100} />);
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.click(box);
    await user.paste("z".repeat(79));
    expect(screen.queryByText("79/100")).not.toBeInTheDocument();
    await user.paste("z");
    expect(screen.getByText("80/100")).toBeInTheDocument();
  });
});
