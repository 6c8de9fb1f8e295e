import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName, type FunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MessagesLink } from "@/features/messages/components/messages-link";
import ConversationPage from "@/features/messages/conversation-page";
import type { ConversationSummary, PrivateMessage } from "@/features/messages/message-types";
import MessagesPage from "@/features/messages/messages-page";
import type { Id } from "../../convex/_generated/dataModel";
import type { PublicUser } from "../../convex/lib/creators";

const mutations = vi.hoisted(() => ({
  "conversations:markRead": vi.fn(),
  "messages:send": vi.fn(),
  "messages:remove": vi.fn(),
}));
const data = vi.hoisted(() => ({
  conversations: [] as unknown[],
  conversationsStatus: "Exhausted",
  messages: [] as unknown[],
  conversation: undefined as unknown,
  unreadTotal: 0 as unknown,
  loadMore: vi.fn(),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("convex/react", () => ({
  useMutation: (ref: FunctionReference<"mutation">) => mutations[getFunctionName(ref) as keyof typeof mutations],
  useQueries: (request: Record<string, { query: FunctionReference<"query"> }>) =>
    Object.fromEntries(
      Object.entries(request).map(([key, { query }]) => [
        key,
        getFunctionName(query) === "conversations:get" ? data.conversation : data.unreadTotal,
      ]),
    ),
  usePaginatedQuery: (ref: FunctionReference<"query">) =>
    getFunctionName(ref) === "conversations:list"
      ? { results: data.conversations, status: data.conversationsStatus, loadMore: data.loadMore }
      : { results: data.messages, status: "Exhausted", loadMore: data.loadMore },
}));
vi.mock("sonner", () => ({ toast }));

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
  return { _id: id as Id<"messages">, _creationTime: time, text, isMine };
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/messages/:conversationId" element={<ConversationPage />} />
        <Route path="/friends" element={<p>Friends page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  for (const mock of [...Object.values(mutations), toast.error, toast.success, data.loadMore]) mock.mockReset();
  for (const mock of Object.values(mutations)) mock.mockResolvedValue(null);
  data.conversations = [];
  data.conversationsStatus = "Exhausted";
  data.messages = [];
  data.conversation = undefined;
  data.unreadTotal = 0;
});

describe("/messages", () => {
  it("lists conversations with the other person, who wrote the last message, and unread badges", () => {
    data.conversations = [
      summary(ben, { unreadCount: 3, lastMessage: { text: "Are you coming?", fromMe: false } }),
      summary(ann, { lastMessage: { text: "Thanks!", fromMe: true } }),
    ];
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
    data.conversations = [summary(ben, { lastMessage: null })];
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
    data.conversations = [summary(ben)];
    data.conversationsStatus = "CanLoadMore";
    const user = renderAt("/messages");
    await user.click(screen.getByRole("button", { name: "Load more conversations" }));
    expect(data.loadMore).toHaveBeenCalledWith(20);
  });
});

describe("/messages/{id}", () => {
  const conversation = { _id: "c-ben" as Id<"conversations">, other: ben, unreadCount: 2 };

  it("shows the history oldest first, marks it read, and sends from the box", async () => {
    data.conversation = conversation;
    data.messages = [message("m2", "Fine, you?", true, 2_000), message("m1", "How are you?", false, 1_000)];
    const user = renderAt("/messages/c-ben");
    expect(screen.getByRole("heading", { level: 1, name: "Ben" })).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Messages" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.any(String), // the day heading
      expect.stringContaining("Ben: How are you?"),
      expect.stringContaining("You: Fine, you?"),
    ]);
    expect(mutations["conversations:markRead"]).toHaveBeenCalledWith({ conversationId: "c-ben" });

    await user.type(screen.getByRole("textbox", { name: "Message" }), "Great{Enter}");
    expect(mutations["messages:send"]).toHaveBeenCalledWith({ conversationId: "c-ben", text: "Great" });
  });

  it("offers Delete on the reader's own messages only, and deletes after confirming", async () => {
    data.conversation = conversation;
    data.messages = [message("m2", "Mine", true, 2_000), message("m1", "Theirs", false, 1_000)];
    const user = renderAt("/messages/c-ben");
    const [theirs, mine] = within(screen.getByRole("list", { name: "Messages" }))
      .getAllByRole("listitem")
      .slice(1);
    expect(within(theirs!).queryByRole("button", { name: /^Delete message/ })).toBeNull();
    expect(within(theirs!).getByRole("button", { name: "Report message “Theirs”" })).toBeInTheDocument();
    await user.click(within(mine!).getByRole("button", { name: "Delete message “Mine”" }));
    const dialog = screen.getByRole("dialog", { name: "Delete message?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(mutations["messages:remove"]).toHaveBeenCalledWith({ messageId: "m2" });
  });

  it("shows a failed send as a toast", async () => {
    data.conversation = conversation;
    mutations["messages:send"].mockRejectedValue(new ConvexError("Message must be at most 2000 characters"));
    const user = renderAt("/messages/c-ben");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hi{Enter}");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Message must be at most 2000 characters"));
  });

  it("sends someone who is not in the conversation back to /messages with the server's message", async () => {
    data.conversation = new ConvexError("You are not authorized to access this conversation.");
    renderAt("/messages/c-ben");
    await waitFor(() => expect(screen.getByText("No conversations yet")).toBeInTheDocument());
    expect(toast.error).toHaveBeenCalledWith("You are not authorized to access this conversation.");
    expect(mutations["conversations:markRead"]).not.toHaveBeenCalled();
  });
});

describe("top bar Messages link", () => {
  function renderLink() {
    render(
      <MemoryRouter>
        <MessagesLink />
      </MemoryRouter>,
    );
  }

  it("shows the unread total, 99+ past 99", () => {
    data.unreadTotal = 4;
    renderLink();
    expect(screen.getByRole("link", { name: "Messages, 4 unread" })).toHaveAttribute("href", "/messages");
    cleanupAndRender(120);
    expect(screen.getByRole("link", { name: "Messages, 99+ unread" })).toHaveTextContent("99+");
  });

  it("shows no badge with nothing unread, or when the total cannot be read", () => {
    data.unreadTotal = 0;
    renderLink();
    expect(screen.getByRole("link", { name: "Messages" })).toHaveTextContent("");
    cleanupAndRender(new ConvexError("You must be logged in to do that."));
    expect(screen.getByRole("link", { name: "Messages" })).toBeInTheDocument();
  });

  function cleanupAndRender(total: unknown) {
    cleanup();
    data.unreadTotal = total;
    renderLink();
  }
});
