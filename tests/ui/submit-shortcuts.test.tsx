import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommentForm } from "@/components/comments/comment-form";
import { MessageComposer } from "@/components/messaging/message-composer";
import { EditCommentDialog } from "@/features/posts/components/edit-comment-dialog";

afterEach(() => {
  vi.restoreAllMocks();
});

function renderCommentForm() {
  const onSubmit = vi.fn().mockResolvedValue(null);
  render(<CommentForm onSubmit={onSubmit} maxLength={1000} />);
  return { onSubmit, user: userEvent.setup(), box: screen.getByRole("textbox", { name: "Add a comment" }) };
}

describe("multi-line fields: Enter makes a line, Ctrl+Enter submits", () => {
  it("adds a line on Enter and posts the comment on Ctrl+Enter", async () => {
    const { onSubmit, user, box } = renderCommentForm();
    await user.type(box, "First line{Enter}second line");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue("First line\nsecond line");

    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(onSubmit).toHaveBeenCalledWith("First line\nsecond line");
    expect(box).toHaveValue("");
  });

  it("posts on ⌘+Enter too, and ignores the shortcut while the box is blank", async () => {
    const { onSubmit, user, box } = renderCommentForm();
    await user.click(box);
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(box, "Nice{Meta>}{Enter}{/Meta}");
    expect(onSubmit).toHaveBeenCalledWith("Nice");
  });

  it("says 'Ctrl+Enter to send' beside the button, and tells screen readers the keys", () => {
    const { box } = renderCommentForm();
    expect(screen.getByText("Ctrl+Enter to send")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-keyshortcuts", "Control+Enter");
  });

  it("says '⌘+Enter' on Apple devices", () => {
    vi.spyOn(navigator, "platform", "get").mockReturnValue("MacIntel");
    const { box } = renderCommentForm();
    expect(screen.getByText("⌘+Enter to send")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-keyshortcuts", "Meta+Enter");
  });

  it("saves an edited comment on Ctrl+Enter, with a hint to say so", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(<EditCommentDialog text="Old words" onClose={onClose} onSave={onSave} />);
    const box = screen.getByRole("textbox", { name: "Comment" });
    expect(screen.getByText("Ctrl+Enter to save")).toBeInTheDocument();
    await user.type(box, "{Enter}and new ones");
    expect(onSave).not.toHaveBeenCalled();
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(onSave).toHaveBeenCalledWith("Old words\nand new ones");
    expect(onClose).toHaveBeenCalled();
  });
});

describe("one-line composers: Enter sends", () => {
  it("sends on Enter, makes a line on Shift+Enter, and says so under the box", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn().mockResolvedValue(null);
    render(<MessageComposer onSend={onSend} maxLength={2000} />);
    const box = screen.getByRole("textbox", { name: "Message" });
    expect(screen.getByText("Enter to send, Shift+Enter for a new line")).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription("Enter to send, Shift+Enter for a new line");

    await user.type(box, "Hi{Shift>}{Enter}{/Shift}there");
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith("Hi\nthere");
  });
});
