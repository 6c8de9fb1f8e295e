import { screen, waitFor, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NotificationsBell } from "@/app/notifications-bell";
import NotificationsPage from "@/features/notifications/notifications-page";
import { NotificationPreferencesCard } from "@/features/profiles/components/notification-preferences";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { NotificationPreferences, NotificationView } from "../../convex/shared/notifications";
import type { PublicUser } from "../../convex/shared/public-user";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("sonner", () => ({ toast }));

const convex = createConvexMock();

const bob: PublicUser = { userId: "bob" as Id<"users">, displayName: "Bob", photoURL: "/avatars/2.svg" };
const carol: PublicUser = { userId: "carol" as Id<"users">, displayName: "Carol", photoURL: null };

function notification(id: string, changes: Partial<NotificationView>): NotificationView {
  return {
    _id: id as Id<"notifications">,
    kind: "friendAdded",
    read: false,
    updatedAt: Date.now() - 60_000,
    actor: bob,
    othersCount: 0,
    target: { kind: "profile", id: bob.userId },
    ...changes,
  };
}

const ALL_ON: NotificationPreferences = {
  friendAdds: true,
  comments: true,
  likes: true,
  mentions: true,
  moderation: true,
};

beforeEach(() => {
  toast.error.mockReset();
  convex.onQuery(api.notifications.unreadCount, 0);
  convex.onQuery(api.notifications.page, paginated([]));
});

function renderPage() {
  return renderWithApp(null, {
    route: "/notifications",
    routes: {
      "/notifications": <NotificationsPage />,
      "/account/:userId": <p>Profile page</p>,
      "/chats/:roomId": <p>Room page</p>,
      "/dumy/:postId": <p>Post page</p>,
      "/friends": <p>Friends page</p>,
    },
  });
}

describe("the bell", () => {
  it("says the unread count in its name and links to /notifications", () => {
    convex.onQuery(api.notifications.unreadCount, 3);
    renderWithApp(<NotificationsBell />);
    const bell = screen.getByRole("link", { name: "Notifications, 3 unread" });
    expect(bell).toHaveAttribute("href", "/notifications");
    expect(bell).toHaveTextContent("3");
  });

  it("shows 99+ past 99 and no badge at 0", () => {
    convex.onQuery(api.notifications.unreadCount, 100);
    renderWithApp(<NotificationsBell />);
    expect(screen.getByRole("link", { name: "Notifications, 99+ unread" })).toHaveTextContent("99+");
    convex.onQuery(api.notifications.unreadCount, 0);
    const bell = screen.getByRole("link", { name: "Notifications" });
    expect(bell).toHaveTextContent("");
  });

  it("shows no badge rather than failing when the count cannot be read", () => {
    convex.onQuery(api.notifications.unreadCount, () => {
      throw new ConvexError("Not signed in");
    });
    renderWithApp(<NotificationsBell />);
    expect(screen.getByRole("link", { name: "Notifications" })).toBeInTheDocument();
  });
});

describe("/notifications", () => {
  it("says when there is nothing yet", () => {
    renderPage();
    expect(screen.getByText("No notifications yet")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Notifications" })).toBeInTheDocument();
  });

  it("shows a spinner while loading and the error when the list cannot be read", () => {
    convex.onQuery(api.notifications.page, undefined);
    renderPage();
    expect(screen.queryByText("No notifications yet")).toBeNull();
    expect(screen.getByRole("status")).toBeInTheDocument();
    vi.spyOn(console, "error").mockImplementation(() => {});
    convex.onQuery(api.notifications.page, () => {
      throw new ConvexError("Nope");
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Error loading notifications");
    // The page keeps its heading and buttons.
    expect(screen.getByRole("button", { name: /Mark all as read/ })).toBeInTheDocument();
  });

  it("writes each kind as a sentence, marks unread ones with a word, and links to the item", () => {
    convex.onQuery(
      api.notifications.page,
      paginated([
        notification("n1", { canAddBack: true }),
        notification("n2", {
          kind: "like",
          othersCount: 3,
          target: { kind: "post", id: "p1" as Id<"posts">, title: "Spring" },
        }),
        notification("n3", {
          kind: "mention",
          actor: carol,
          read: true,
          target: { kind: "chatRoom", id: "r1" as Id<"chatRooms">, title: "Readers" },
        }),
        notification("n4", { kind: "reportHandled", actor: null, target: null, outcome: "removed" }),
        notification("n5", { kind: "comment", read: true, target: null }),
      ]),
    );
    renderPage();
    const rows = within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByRole("link", { name: "Bob added you as a friend" })).toHaveAttribute(
      "href",
      "/account/bob",
    );
    expect(rows[0]).toHaveTextContent("New");
    expect(within(rows[0]!).getByRole("button", { name: "Add Friend (Bob)" })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("link", { name: "Bob and 3 others liked your post 'Spring'" })).toHaveAttribute(
      "href",
      "/dumy/p1",
    );
    expect(within(rows[2]!).getByRole("link", { name: "Carol mentioned you in Readers" })).toHaveAttribute(
      "href",
      "/chats/r1",
    );
    expect(rows[2]).not.toHaveTextContent("New");
    expect(rows[3]).toHaveTextContent("A report you made was handled: the content was removed");
    expect(within(rows[3]!).queryByRole("link")).toBeNull();
    expect(within(rows[3]!).getByRole("button", { name: "Mark as read" })).toBeInTheDocument();
    expect(rows[4]).toHaveTextContent("This was removed");
    expect(within(rows[4]!).queryByRole("link")).toBeNull();
    // Each has a time.
    expect(rows[0]!.querySelector("time")).toHaveTextContent(/min ago|just now/i);
  });

  it("marks one read when it is opened", async () => {
    convex.onQuery(
      api.notifications.page,
      paginated([
        notification("n1", {
          kind: "mention",
          target: { kind: "chatRoom", id: "r1" as Id<"chatRooms">, title: "Readers" },
        }),
      ]),
    );
    const { user, location } = renderPage();
    await user.click(screen.getByRole("link", { name: "Bob mentioned you in Readers" }));
    expect(convex.mutation(api.notifications.markRead)).toHaveBeenCalledWith({ notificationId: "n1" });
    expect(location().pathname).toBe("/chats/r1");
  });

  it("does not mark a read one again", async () => {
    convex.onQuery(api.notifications.page, paginated([notification("n1", { read: true })]));
    const { user } = renderPage();
    await user.click(screen.getByRole("link", { name: "Bob added you as a friend" }));
    expect(convex.mutation(api.notifications.markRead)).not.toHaveBeenCalled();
  });

  it("marks all read, said unavailable when nothing is unread", async () => {
    convex.onQuery(api.notifications.unreadCount, 2);
    const { user } = renderPage();
    const button = screen.getByRole("button", { name: "Mark all as read" });
    expect(button).toHaveAttribute("aria-disabled", "false");
    await user.click(button);
    expect(convex.mutation(api.notifications.markAllRead)).toHaveBeenCalledWith({});
    convex.onQuery(api.notifications.unreadCount, 0);
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveAttribute("aria-disabled", "true");
  });

  it("tells when marking all read fails", async () => {
    convex.onQuery(api.notifications.unreadCount, 2);
    convex.mutation(api.notifications.markAllRead).mockRejectedValue(new Error("offline"));
    const { user } = renderPage();
    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to mark notifications as read. Please try again."),
    );
  });

  it("offers more with Load more", async () => {
    convex.onQuery(api.notifications.page, paginated([notification("n1", {})], { isDone: false }));
    const { user } = renderPage();
    await user.click(screen.getByRole("button", { name: "Load more notifications" }));
    expect(convex.loadMore(api.notifications.page)).toHaveBeenCalledWith(20);
  });
});

describe("notification preferences", () => {
  it("shows a labelled switch per kind and saves a change", async () => {
    convex.onQuery(api.notificationPreferences.mine, { ...ALL_ON, likes: false });
    const { user } = renderWithApp(<NotificationPreferencesCard />);
    const section = screen.getByRole("region", { name: "Notification settings" });
    const switches = within(section).getAllByRole("switch");
    expect(switches.map((s) => s.getAttribute("aria-checked"))).toEqual(["true", "true", "false", "true", "true"]);
    const likes = within(section).getByRole("switch", { name: "Likes" });
    expect(likes).toHaveAccessibleDescription("Someone likes your book or post.");
    likes.focus();
    await user.keyboard(" ");
    expect(convex.mutation(api.notificationPreferences.set)).toHaveBeenCalledWith({ kind: "likes", enabled: true });
    await user.click(within(section).getByRole("switch", { name: "Friend adds" }));
    expect(convex.mutation(api.notificationPreferences.set)).toHaveBeenLastCalledWith({
      kind: "friendAdds",
      enabled: false,
    });
  });

  it("says when a change could not be saved", async () => {
    convex.onQuery(api.notificationPreferences.mine, ALL_ON);
    convex.mutation(api.notificationPreferences.set).mockRejectedValue(new Error("offline"));
    const { user } = renderWithApp(<NotificationPreferencesCard />);
    await user.click(screen.getByRole("switch", { name: "Mentions" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to save your notification settings. Please try again.",
    );
  });
});
