/**
 * The composer's picture (issue 32): chosen with "Attach picture", refused inline when it is not
 * an image (the previous choice stays), uploaded when Send is pressed and given to onSend with its
 * alt text; a failed upload keeps the picture and the text. And a message's thumbnail opens the
 * whole picture in a dialog.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer } from "@/components/messaging/message-composer";
import { MessagePicture } from "@/components/messaging/message-picture";
import { UserFacingError } from "@/lib/error-text";
import { decodesAsImage } from "@/lib/image-decode";
import type { Id } from "@convex/_generated/dataModel";

const STORAGE_ID = "kg2storage" as Id<"_storage">;
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

function renderComposer(uploadPicture = vi.fn().mockResolvedValue(STORAGE_ID)) {
  const onSend = vi.fn().mockResolvedValue(null);
  const { container } = render(<MessageComposer onSend={onSend} maxLength={2000} uploadPicture={uploadPicture} />);
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { onSend, uploadPicture, input, user: userEvent.setup({ applyAccept: false }) };
}

describe("attaching a picture to a message", () => {
  it("sends a picture without text, with its trimmed alt text, then forgets it", async () => {
    const { onSend, uploadPicture, input, user } = renderComposer();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.upload(input, png("cat.png"));
    await screen.findByRole("img", { name: "Picture to send" });
    await user.type(screen.getByLabelText("Alt text (optional)"), "  A cat  ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith("", [], { image: { storageId: STORAGE_ID }, imageAlt: "A cat" }, undefined),
    );
    expect(uploadPicture).toHaveBeenCalledWith(expect.objectContaining({ name: "cat.png" }));
    await waitFor(() => expect(screen.queryByRole("img", { name: "Picture to send" })).toBeNull());
  });

  it("refuses a file that is not an image inline and keeps the picture chosen before", async () => {
    const { input, user } = renderComposer();
    await user.upload(input, png("cat.png"));
    await screen.findByText("cat.png");
    vi.mocked(decodesAsImage).mockResolvedValueOnce(false);
    await user.upload(input, png("notes.png"));
    expect(await screen.findByRole("alert")).toHaveTextContent("That file is not an image.");
    expect(screen.getByText("cat.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.queryByText("cat.png")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the picture and the text when the upload fails, and sends nothing", async () => {
    const { onSend, input, user } = renderComposer(
      vi.fn().mockRejectedValue(new UserFacingError("Only images up to 5 MB can be uploaded")),
    );
    await user.upload(input, png("huge.png"));
    await screen.findByText("huge.png");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Look{Enter}");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Look"));
    expect(screen.getByText("huge.png")).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe("a message's picture", () => {
  it("is a thumbnail named by its alt text that opens the whole picture with the alt text as caption", async () => {
    const user = userEvent.setup();
    render(<MessagePicture picture={{ url: "https://files.test/cat.png", alt: "A cat" }} authorName="Bob" />);
    await user.click(screen.getByRole("button", { name: "A cat" }));
    const dialog = await screen.findByRole("dialog", { name: "Picture from Bob" });
    expect(dialog).toHaveTextContent("A cat");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("without alt text is 'Picture from NAME', and a file gone says so", () => {
    const { rerender } = render(
      <MessagePicture picture={{ url: "https://files.test/x.png", alt: null }} authorName="Bob" />,
    );
    expect(screen.getByRole("img", { name: "Picture from Bob" })).toBeInTheDocument();
    rerender(<MessagePicture picture={{ url: null, alt: null }} authorName="Bob" />);
    expect(screen.getByText("Picture unavailable")).toBeInTheDocument();
  });
});
