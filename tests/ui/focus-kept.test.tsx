import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PaginationStatus } from "convex/react";
import { useRef, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CommentList } from "@/components/comments/comment-list";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { LikeButton } from "@/components/likes/like-button";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { useFocusHandOffOnRemoval } from "@/hooks/use-focus-hand-off-on-removal";

// Chromium drops the focus to the page when a focused button turns `disabled` or is removed;
// these controls keep it for keyboard users.

describe("the Like button while its like is saved", () => {
  it("keeps the focus, says it is busy, and takes no second press meanwhile", async () => {
    let finish: () => void = () => {};
    const onToggle = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<LikeButton liked={false} count={0} onToggle={onToggle} />);
    const like = screen.getByRole("button", { name: "Like (0 likes)" });
    like.focus();
    await user.keyboard("{Enter}");
    expect(like).toHaveAttribute("aria-disabled", "true");
    expect(like).not.toBeDisabled();
    expect(like).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onToggle).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(like).toHaveAttribute("aria-disabled", "false");
    expect(like).toHaveFocus();
  });
});

describe("a Load more button", () => {
  function List({ status }: { status: PaginationStatus }) {
    return (
      <section aria-label="Friends" tabIndex={-1}>
        <ul />
        <LoadMoreButton status={status} onLoadMore={() => {}} label="Show more friends" />
      </section>
    );
  }

  it("keeps the focus while the next page loads", () => {
    const { rerender } = render(<List status="CanLoadMore" />);
    screen.getByRole("button", { name: "Show more friends" }).focus();
    rerender(<List status="LoadingMore" />);
    const loading = screen.getByRole("button", { name: "Loading..." });
    expect(loading).toHaveAttribute("aria-disabled", "true");
    expect(loading).toHaveFocus();
  });

  it("hands the focus to the list around it when it goes with the last page", () => {
    const { rerender } = render(<List status="LoadingMore" />);
    screen.getByRole("button", { name: "Loading..." }).focus();
    rerender(<List status="Exhausted" />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("region", { name: "Friends" })).toHaveFocus();
  });

  it("leaves the focus alone when it goes while the reader is elsewhere", () => {
    const { rerender } = render(
      <>
        <input aria-label="Search" />
        <List status="CanLoadMore" />
      </>,
    );
    screen.getByRole("textbox", { name: "Search" }).focus();
    rerender(
      <>
        <input aria-label="Search" />
        <List status="Exhausted" />
      </>,
    );
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveFocus();
  });
});

describe("deleting one's own comment", () => {
  function Comments() {
    const [comments, setComments] = useState([{ _id: "c1", text: "Nice book" }]);
    const [deleting, setDeleting] = useState<string | null>(null);
    return (
      <>
        <CommentList
          comments={{ results: comments, status: "Exhausted", loadMore: () => {} }}
          renderComment={(comment) => (
            <li key={comment._id}>
              {comment.text}
              <button type="button" onClick={() => setDeleting(comment._id)}>
                Delete comment
              </button>
            </li>
          )}
        />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(next) => !next && setDeleting(null)}
          title="Delete comment?"
          message="This cannot be undone."
          confirmLabel="Delete"
          onConfirm={async () => setComments((current) => current.filter((comment) => comment._id !== deleting))}
        />
      </>
    );
  }

  it("gives the focus to the comments block once the comment and its Delete button are gone", async () => {
    const user = userEvent.setup();
    render(<Comments />);
    await user.click(screen.getByRole("button", { name: /^Delete comment/ }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("No comments yet. Be the first to say something.")).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByText(/No comments yet/).parentElement);
  });
});

describe("deleting a message whose removal arrives after the dialog closed", () => {
  function History() {
    const [messages, setMessages] = useState(["Pinned to the newest", "See you at 5"]);
    const [deleting, setDeleting] = useState<string | null>(null);
    return (
      <>
        <ol aria-label="Conversation with Ben" tabIndex={-1}>
          {messages.map((text) => (
            <li key={text}>
              {text}
              <button type="button" onClick={() => setDeleting(text)}>
                Delete message ({text})
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
          // As from the server: the dialog closes first, the history loses the message a moment later.
          onConfirm={async () => {
            setTimeout(() => setMessages((current) => current.filter((text) => text !== deleting)), 100);
          }}
        />
      </>
    );
  }

  it("gives the focus back to the Delete button, then to the history once the message goes", async () => {
    const user = userEvent.setup();
    render(<History />);
    await user.click(screen.getByRole("button", { name: "Delete message (Pinned to the newest)" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText("Pinned to the newest")).toBeNull());
    await waitFor(() => expect(screen.getByRole("list", { name: "Conversation with Ben" })).toHaveFocus());
  });
});

describe("a row removed by its own button", () => {
  function Row({ name, onRemove }: { name: string; onRemove: () => void }) {
    const row = useRef<HTMLLIElement>(null);
    useFocusHandOffOnRemoval(row);
    return (
      <li ref={row}>
        {name}
        <button type="button" onClick={onRemove}>
          Unfriend ({name})
        </button>
      </li>
    );
  }

  function YourFriends() {
    const [friends, setFriends] = useState(["Ben", "Carol"]);
    return (
      <section aria-label="Your Friends" tabIndex={-1}>
        <ul>
          {friends.map((name) => (
            <Row key={name} name={name} onRemove={() => setFriends((all) => all.filter((other) => other !== name))} />
          ))}
        </ul>
      </section>
    );
  }

  it("hands the focus to the list's section", async () => {
    const user = userEvent.setup();
    render(<YourFriends />);
    screen.getByRole("button", { name: "Unfriend (Carol)" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByText("Carol")).toBeNull();
    await waitFor(() => expect(screen.getByRole("region", { name: "Your Friends" })).toHaveFocus());
  });
});

describe("a dialog opened from another dialog", () => {
  function CommentsWithDelete() {
    const [commentsOpen, setCommentsOpen] = useState(false);
    const [confirming, setConfirming] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setCommentsOpen(true)}>
          Comments
        </button>
        <Dialog open={commentsOpen} onOpenChange={setCommentsOpen} title="Comments">
          <button type="button" onClick={() => setConfirming(true)}>
            Delete comment
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete this comment?"
            message="This cannot be undone."
            confirmLabel="Delete"
            busyLabel="Deleting..."
            onConfirm={() => {}}
          />
        </Dialog>
      </>
    );
  }

  it("starts on its marked control (Cancel), not on its close button, and gives the focus back after", async () => {
    const user = userEvent.setup();
    render(<CommentsWithDelete />);
    await user.click(screen.getByRole("button", { name: "Comments" }));
    await user.click(screen.getByRole("button", { name: /^Delete comment/ }));
    const confirm = screen.getByRole("dialog", { name: "Delete this comment?" });
    await waitFor(() => expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: /^Delete comment/ })).toHaveFocus());
  });
});
