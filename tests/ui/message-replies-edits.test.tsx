/** Replies and edits in the message UI: the reply bar above the composer, the quote, and the in-place editor. */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer } from "@/components/messaging/message-composer";
import { MessageEditor } from "@/components/messaging/message-editor";
import { messageAnchorId } from "@/components/messaging/message-anchor";
import { ReplyProvider, useReply, type ReplyTarget } from "@/components/messaging/reply-context";
import { ORIGINAL_DELETED, ReplyQuote } from "@/components/messaging/reply-quote";

const target: ReplyTarget = { messageId: "m1", authorName: "Bob", excerpt: "Who read Dune?", hasPicture: false };

function ReplyTo() {
  const { startReply } = useReply();
  return (
    <button type="button" onClick={() => startReply(target)}>
      Reply
    </button>
  );
}

function renderComposer(onSend = vi.fn().mockResolvedValue(null)) {
  render(
    <ReplyProvider>
      <ReplyTo />
      <MessageComposer onSend={onSend} maxLength={2000} />
    </ReplyProvider>,
  );
  return { onSend, user: userEvent.setup(), box: screen.getByRole("textbox", { name: "Message" }) };
}

describe("replying", () => {
  it("Reply shows the bar, focuses the box, and Send passes the original's id, then clears the bar", async () => {
    const { onSend, user, box } = renderComposer();
    await user.click(screen.getByRole("button", { name: "Reply" }));
    expect(screen.getByText(/Replying to/)).toHaveTextContent("Replying to Bob: Who read Dune?");
    expect(box).toHaveFocus();
    await user.type(box, "Me!{Enter}");
    expect(onSend).toHaveBeenCalledWith("Me!", [], undefined, "m1");
    expect(screen.queryByText(/Replying to/)).toBeNull();
  });

  it("Escape or the cancel button drops the reply", async () => {
    const { onSend, user, box } = renderComposer();
    await user.click(screen.getByRole("button", { name: "Reply" }));
    await user.type(box, "{Escape}");
    expect(screen.queryByText(/Replying to/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Reply" }));
    await user.click(screen.getByRole("button", { name: "Cancel reply" }));
    expect(screen.queryByText(/Replying to/)).toBeNull();
    await user.type(box, "Plain{Enter}");
    expect(onSend).toHaveBeenCalledWith("Plain");
  });

  it("a failed send brings the reply back with the text", async () => {
    const { user, box } = renderComposer(vi.fn().mockRejectedValue(new Error("offline")));
    await user.click(screen.getByRole("button", { name: "Reply" }));
    await user.type(box, "Me!{Enter}");
    expect(await screen.findByText(/Replying to/)).toBeInTheDocument();
    expect(box).toHaveValue("Me!");
  });
});

describe("the quote", () => {
  it("says when the original is gone", () => {
    render(<ReplyQuote quote={{ deleted: true }} />);
    expect(screen.getByText(ORIGINAL_DELETED)).toBeInTheDocument();
  });

  it("scrolls to a loaded original and highlights it for a moment", async () => {
    vi.useFakeTimers();
    try {
      render(
        <>
          <p id={messageAnchorId("m1")}>Original</p>
          <ReplyQuote quote={{ _id: "m1", authorName: "Bob", excerpt: "Original", hasPicture: false }} />
        </>,
      );
      const original = document.getElementById(messageAnchorId("m1"))!;
      original.scrollIntoView = vi.fn();
      act(() => screen.getByRole("button", { name: "In reply to Bob: Original. Show the original" }).click());
      expect(original.scrollIntoView).toHaveBeenCalled();
      expect(original).toHaveAttribute("data-highlighted");
      act(() => vi.advanceTimersByTime(2_000));
      expect(original).not.toHaveAttribute("data-highlighted");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("editing in place", () => {
  function renderEditor(onSave = vi.fn().mockResolvedValue(null)) {
    const onDone = vi.fn();
    render(<MessageEditor initial={{ text: "Helo" }} maxLength={2000} onSave={onSave} onDone={onDone} />);
    return { onSave, onDone, user: userEvent.setup(), box: screen.getByRole("textbox", { name: "Edit message" }) };
  }

  it("Enter saves the trimmed text, Shift+Enter makes a new line", async () => {
    const { onSave, onDone, user, box } = renderEditor();
    expect(box).toHaveFocus();
    await user.type(box, "{Backspace}lo{Shift>}{Enter}{/Shift}there {Enter}");
    expect(onSave).toHaveBeenCalledWith("Hello\nthere", []);
    expect(onDone).toHaveBeenCalled();
  });

  it("Escape cancels without saving; a blank text cannot be saved", async () => {
    const { onSave, onDone, user, box } = renderEditor();
    await user.clear(box);
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await user.type(box, "{Enter}{Escape}");
    expect(onSave).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("stays open when saving fails", async () => {
    const { onDone, user, box } = renderEditor(vi.fn().mockRejectedValue(new Error("late")));
    await user.type(box, "!{Enter}");
    expect(onDone).not.toHaveBeenCalled();
    expect(box).toHaveValue("Helo!");
  });
});
