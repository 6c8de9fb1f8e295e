import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MessagesLink } from "@/features/messages/components/messages-link";
import ConversationPage from "@/features/messages/conversation-page";
import type { ConversationSummary, PrivateMessage } from "@/features/messages/message-types";
import MessagesPage from "@/features/messages/messages-page";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { PublicUser } from "../../convex/lib/creators";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("sonner", () => ({ toast }));

const convex = createConvexMock();

const ann: PublicUser = { userId: "ann" as Id<"users">, displayName: "Ann", photoURL: null };
const ben: PublicUser = { userId: "ben" as Id<"users">, displayName: "Ben", photoURL: "/avatars/3.svg" };

function summary(other: PublicUser, overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    conversationId: `c-${other.userId}` as Id<"conversations">,
    other,
    lastMessageAt: Date.now(),
    lastMessage: { text: "See you", fromMe: false },
    unreadCount: 0,
    ...overrides,
  };
}

function message(id: string, text: string, isMine: boolean, time: number): PrivateMessage {
  return {
    _id: id as Id<"messages">,
    _creationTime: time,
    text,
    isMine,
    // Issue 32's extras: none on these plain messages.
    image: null,
    reactions: [],
    replyTo: null,
    editedAt: null,
  };
}

function renderAt(path: string) {
  return renderWithApp(null, {
    route: path,
    routes: {
      "/messages": <MessagesPage />,
      "/messages/:conversationId": <ConversationPage />,
      "/friends": <p>Friends page</p>,
    },
  }).user;
}

beforeEach(() => {
  for (const mock of [toast.error, toast.success]) mock.mockReset();
  convex.onQuery(api.conversations.list, paginated([]));
  convex.onQuery(api.messages.list, paginated([]));
  convex.onQuery(api.conversations.unreadTotal, 0);
});

describe("/messages", () => {
  it("lists conversations with the other person, who wrote the last message, and unread badges", () => {
    convex.onQuery(
      api.conversations.list,
      paginated([
        summary(ben, { unreadCount: 3, lastMessage: { text: "Are you coming?", fromMe: false } }),
        summary(ann, { lastMessage: { text: "Thanks!", fromMe: true } }),
      ]),
    );
    renderAt("/messages");
    const rows = within(screen.getByRole("list", { name: "Conversations" })).getAllByRole("link");
    expect(rows[0]).toHaveAttribute("href", "/messages/c-ben");
    expect(rows[0]).toHaveTextContent("Ben");
    expect(rows[0]).toHaveTextContent("Are you coming?");
    expect(within(rows[0]!).getByText("3 unread")).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("You: Thanks!");
    expect(within(rows[1]!).queryByText(/unread/)).toBeNull();
    // The avatar is beside the name, so it has no alt text and the row reads "Ben" once.
    const avatar = rows[0]!.querySelector("img");
    expect(avatar).toHaveAttribute("src", "/avatars/3.svg");
    expect(avatar).toHaveAttribute("alt", "");
    expect(rows[0]).toHaveAccessibleName(/^Ben\d.*Are you coming\?/);
    expect(rows[0]).not.toHaveAccessibleName(/avatar/);
    expect(within(rows[0]!).queryByRole("img")).toBeNull();
  });

  it("says when a conversation has no messages yet", () => {
    convex.onQuery(api.conversations.list, paginated([summary(ben, { lastMessage: null })]));
    renderAt("/messages");
    expect(screen.getByText("No messages yet")).toBeInTheDocument();
  });

  it("points to Friends when there are no conversations", async () => {
    const user = renderAt("/messages");
    expect(screen.getByText("No conversations yet")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Go to Friends" }));
    expect(screen.getByText("Friends page")).toBeInTheDocument();
  });

  it("loads more conversations a page at a time", async () => {
    convex.onQuery(api.conversations.list, paginated([summary(ben)], { isDone: false }));
    const user = renderAt("/messages");
    await user.click(screen.getByRole("button", { name: "Load more conversations" }));
    expect(convex.loadMore(api.conversations.list)).toHaveBeenCalledWith(20);
  });
});

describe("/messages/{id}", () => {
  const conversation = { _id: "c-ben" as Id<"conversations">, other: ben, otherLeft: false, unreadCount: 2 };

  it("shows the history oldest first, marks it read, and sends from the box", async () => {
    convex.onQuery(api.conversations.get, conversation);
    convex.onQuery(
      api.messages.list,
      paginated([message("m2", "Fine, you?", true, 2_000), message("m1", "How are you?", false, 1_000)]),
    );
    const user = renderAt("/messages/c-ben");
    expect(screen.getByRole("heading", { level: 1, name: "Ben" })).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Messages" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.any(String), // the day heading
      expect.stringContaining("Ben: How are you?"),
      expect.stringContaining("You: Fine, you?"),
    ]);
    expect(convex.mutation(api.conversations.markRead)).toHaveBeenCalledWith({ conversationId: "c-ben" });

    await user.type(screen.getByRole("textbox", { name: "Message" }), "Great{Enter}");
    expect(convex.mutation(api.messages.send)).toHaveBeenCalledWith({ conversationId: "c-ben", text: "Great" });
  });

  it("offers Delete on the reader's own messages only, and deletes after confirming", async () => {
    convex.onQuery(api.conversations.get, conversation);
    convex.onQuery(
      api.messages.list,
      paginated([message("m2", "Mine", true, 2_000), message("m1", "Theirs", false, 1_000)]),
    );
    const user = renderAt("/messages/c-ben");
    const [theirs, mine] = within(screen.getByRole("list", { name: "Messages" }))
      .getAllByRole("listitem")
      .slice(1);
    expect(within(theirs!).queryByRole("button", { name: /^Delete message/ })).toBeNull();
    expect(within(theirs!).getByRole("button", { name: "Report message “Theirs”" })).toBeInTheDocument();
    await user.click(within(mine!).getByRole("button", { name: "Delete message “Mine”" }));
    const dialog = screen.getByRole("dialog", { name: "Delete message?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(convex.mutation(api.messages.remove)).toHaveBeenCalledWith({ messageId: "m2" });
  });

  it("keeps a conversation with someone who deleted their account readable, without a message box", async () => {
    const left = { ...conversation, other: { ...ben, displayName: "Deleted user", photoURL: null }, otherLeft: true };
    convex.onQuery(api.conversations.get, left);
    convex.onQuery(api.messages.list, paginated([message("m1", "How are you?", false, 1_000)]));
    renderAt("/messages/c-ben");
    expect(screen.getByRole("heading", { level: 1, name: "Deleted user" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Deleted user" })).toBeNull();
    expect(screen.getByText(/deleted their account/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
  });

  it("shows a failed send as a toast", async () => {
    convex.onQuery(api.conversations.get, conversation);
    convex.mutation(api.messages.send).mockRejectedValue(new ConvexError("Message must be at most 2000 characters"));
    const user = renderAt("/messages/c-ben");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hi{Enter}");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Message must be at most 2000 characters"));
  });

  it("sends someone who is not in the conversation back to /messages with the server's message", async () => {
    convex.onQuery(api.conversations.get, () => {
      throw new ConvexError("You are not authorized to access this conversation.");
    });
    renderAt("/messages/c-ben");
    await waitFor(() => expect(screen.getByText("No conversations yet")).toBeInTheDocument());
    expect(toast.error).toHaveBeenCalledWith("You are not authorized to access this conversation.");
    expect(convex.mutation(api.conversations.markRead)).not.toHaveBeenCalled();
  });
});

describe("top bar Messages link", () => {
  function renderLink() {
    renderWithApp(<MessagesLink />);
  }

  it("shows the unread total, 99+ past 99", () => {
    convex.onQuery(api.conversations.unreadTotal, 4);
    renderLink();
    expect(screen.getByRole("link", { name: "Messages, 4 unread" })).toHaveAttribute("href", "/messages");
    cleanupAndRender(120);
    expect(screen.getByRole("link", { name: "Messages, 99+ unread" })).toHaveTextContent("99+");
  });

  it("shows no badge with nothing unread, or when the total cannot be read", () => {
    convex.onQuery(api.conversations.unreadTotal, 0);
    renderLink();
    expect(screen.getByRole("link", { name: "Messages" })).toHaveTextContent("");
    cleanupAndRender(new ConvexError("You must be logged in to do that."));
    expect(screen.getByRole("link", { name: "Messages" })).toBeInTheDocument();
  });

  function cleanupAndRender(total: number | Error) {
    cleanup();
    convex.onQuery(api.conversations.unreadTotal, () => {
      if (total instanceof Error) throw total;
      return total;
    });
    renderLink();
  }
});
