import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

function Harness({ onConfirm }: { onConfirm: () => Promise<unknown> | void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete book
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this book?"
        message="This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

async function openDialog(onConfirm: () => Promise<unknown> | void) {
  const user = userEvent.setup();
  render(<Harness onConfirm={onConfirm} />);
  await user.click(screen.getByRole("button", { name: "Delete book" }));
  return user;
}

describe("ConfirmDialog", () => {
  it("is a labelled modal dialog whose Cancel has the focus, so Enter does not confirm by accident", async () => {
    const onConfirm = vi.fn();
    const user = await openDialog(onConfirm);
    const dialog = screen.getByRole("dialog", { name: "Delete this book?" });
    expect(dialog).toHaveAccessibleDescription("This cannot be undone.");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes on Escape without confirming and gives the focus back to the opener", async () => {
    const onConfirm = vi.fn();
    const user = await openDialog(onConfirm);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete book" })).toHaveFocus());
  });

  it("confirms once, shows the busy label meanwhile, and closes when done", async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = await openDialog(onConfirm);

    await user.click(screen.getByRole("button", { name: "Delete" }));
    const busy = screen.getByRole("button", { name: "Deleting..." });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    await user.click(busy);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("stays open with the buttons usable again when the action fails", async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error("offline"));
    const user = await openDialog(onConfirm);

    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("button", { name: "Delete" })).toHaveAttribute("aria-disabled", "false");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("gives the focus to the history when the message it deleted took its Delete button away", async () => {
    const user = userEvent.setup();
    render(<MessageHistoryHarness />);
    await user.click(screen.getByRole("button", { name: "Delete Hi" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByText("Hi")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Messages" })).toHaveFocus();
  });
});

/** A history of two messages whose delete takes the message away before the dialog closes, as a live query does. */
function MessageHistoryHarness() {
  const [messages, setMessages] = useState(["Hi", "Bye"]);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <div role="region" aria-label="Messages" tabIndex={0}>
      <ol>
        {messages.map((text) => (
          <li key={text}>
            {text}
            <button type="button" onClick={() => setDeleting(text)}>
              Delete {text}
            </button>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete message?"
        message="This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={async () => setMessages((current) => current.filter((text) => text !== deleting))}
      />
    </div>
  );
}
