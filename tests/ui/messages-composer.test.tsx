import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer } from "@/components/messaging/message-composer";

function renderComposer(onSend = vi.fn().mockResolvedValue(null)) {
  render(<MessageComposer onSend={onSend} maxLength={2000} />);
  return { onSend, user: userEvent.setup(), box: screen.getByRole("textbox", { name: "Message" }) };
}

describe("message composer", () => {
  it("sends the trimmed text with Enter and empties the box", async () => {
    const { onSend, user, box } = renderComposer();
    await user.type(box, "  Hello there  {Enter}");
    expect(onSend).toHaveBeenCalledWith("Hello there");
    expect(box).toHaveValue("");
  });

  it("makes a new line with Shift+Enter and sends both lines with the Send button", async () => {
    const { onSend, user, box } = renderComposer();
    await user.type(box, "Line one{Shift>}{Enter}{/Shift}Line two");
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue("Line one\nLine two");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledWith("Line one\nLine two");
  });

  it("ignores blank and whitespace-only text", async () => {
    const { onSend, user, box } = renderComposer();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.type(box, "   {Enter}");
    await user.type(box, "{Shift>}{Enter}{/Shift}{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("says when the text is over 2,000 characters and will not send it", async () => {
    const { onSend, user, box } = renderComposer();
    await user.click(box);
    await user.paste("x".repeat(2001));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Messages can be at most 2,000 characters (this one has 2,001).",
    );
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.type(box, "{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "{Backspace}");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("2,000/2,000")).toBeInTheDocument();
  });

  it("gives the text back when sending fails", async () => {
    const { user, box } = renderComposer(vi.fn().mockRejectedValue(new Error("offline")));
    await user.type(box, "Will this arrive?{Enter}");
    expect(box).toHaveValue("Will this arrive?");
  });
});
