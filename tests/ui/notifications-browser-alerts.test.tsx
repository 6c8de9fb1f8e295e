import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isNewMessage, isNewNotification, markOf } from "@/features/notifications/alert-decisions";
import {
  BROWSER_ALERTS_STORAGE_KEY,
  browserAlertsState,
  turnOffBrowserAlerts,
  turnOnBrowserAlerts,
} from "@/features/notifications/browser-alerts-setting";
import { BrowserAlerts } from "@/features/notifications/components/browser-alerts";
import { BrowserAlertsCard } from "@/features/notifications/components/browser-alerts-card";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { NotificationView } from "../../convex/shared/notifications";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));

const convex = createConvexMock();

/** A stand-in for the browser's Notification API: records what was shown. */
class FakeNotification {
  static permission: NotificationPermission = "default";
  static answer: NotificationPermission = "granted";
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

let visibility: DocumentVisibilityState = "visible";

beforeEach(() => {
  FakeNotification.permission = "default";
  FakeNotification.answer = "granted";
  FakeNotification.requestPermission.mockClear();
  FakeNotification.shown = [];
  vi.stubGlobal("Notification", FakeNotification);
  localStorage.clear();
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bob = { userId: "bob" as Id<"users">, displayName: "Bob", photoURL: null };

function row(id: string, changes: Partial<NotificationView> = {}): NotificationView {
  return {
    _id: id as Id<"notifications">,
    kind: "friendAdded",
    read: false,
    updatedAt: 1000,
    actor: bob,
    othersCount: 0,
    target: { kind: "profile", id: bob.userId },
    ...changes,
  };
}

describe("what counts as news", () => {
  it("is a new unread row, or the newest row updated (a grouped like), never a read one", () => {
    expect(isNewNotification(null, row("a"))).toBe(true);
    expect(isNewNotification(markOf(row("a")), row("a"))).toBe(false);
    expect(isNewNotification(markOf(row("a")), row("b"))).toBe(true);
    expect(isNewNotification(markOf(row("a")), row("a", { updatedAt: 2000, othersCount: 1 }))).toBe(true);
    expect(isNewNotification(markOf(row("a")), row("b", { read: true }))).toBe(false);
    expect(isNewNotification(markOf(row("a")), null)).toBe(false);
    expect(isNewMessage(2, 3)).toBe(true);
    expect(isNewMessage(3, 2)).toBe(false);
  });
});

describe("the opt-in setting", () => {
  it("asks the browser only when turned on, and remembers the choice", async () => {
    expect(browserAlertsState()).toBe("ask");
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await expect(turnOnBrowserAlerts()).resolves.toBe("on");
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(BROWSER_ALERTS_STORAGE_KEY)).toBe("on");
    turnOffBrowserAlerts();
    expect(browserAlertsState()).toBe("off");
    // Allowed already: on again without asking.
    await expect(turnOnBrowserAlerts()).resolves.toBe("on");
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("never asks again once denied, and says so when there is no API", async () => {
    FakeNotification.answer = "denied";
    await expect(turnOnBrowserAlerts()).resolves.toBe("denied");
    await expect(turnOnBrowserAlerts()).resolves.toBe("denied");
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    // jsdom has no Notification API, as some browsers.
    vi.unstubAllGlobals();
    expect(browserAlertsState()).toBe("unsupported");
  });
});

describe("the /notifications card", () => {
  it("turns browser notifications on with the button, never on its own", async () => {
    const { user } = renderWithApp(<BrowserAlertsCard />);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Turn on browser notifications" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Turn off browser notifications" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn off browser notifications" }));
    expect(screen.getByRole("button", { name: "Turn on browser notifications" })).toBeInTheDocument();
  });

  it("explains a denied permission and offers no button", () => {
    FakeNotification.permission = "denied";
    renderWithApp(<BrowserAlertsCard />);
    expect(
      screen.getByText("Your browser blocks notifications for this site; change it in the site settings."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("system notifications in a hidden tab", () => {
  function setUp() {
    FakeNotification.permission = "granted";
    localStorage.setItem(BROWSER_ALERTS_STORAGE_KEY, "on");
    vi.spyOn(window, "focus").mockImplementation(() => {});
    convex.onQuery(api.notifications.page, paginated([row("a")]));
    convex.onQuery(api.conversations.unreadTotal, 1);
    return renderWithApp(<BrowserAlerts />, {
      routes: { "/account/:userId": <p>Profile page</p>, "/messages": <p>Messages page</p> },
    });
  }

  it("shows nothing for what was there when the tab opened, nor while the tab is shown", () => {
    setUp();
    expect(FakeNotification.shown).toHaveLength(0);
    convex.onQuery(api.notifications.page, paginated([row("b")]));
    convex.onQuery(api.conversations.unreadTotal, 2);
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it("shows a new notification, and clicking it focuses the tab, marks it read and opens the item", () => {
    const { location } = setUp();
    visibility = "hidden";
    convex.onQuery(api.notifications.page, paginated([row("b", { updatedAt: 2000 })]));
    expect(FakeNotification.shown).toHaveLength(1);
    const shown = FakeNotification.shown[0]!;
    expect(shown.title).toBe("New notification");
    expect(shown.options.body).toBe("Bob added you as a friend");
    act(() => shown.onclick?.());
    expect(window.focus).toHaveBeenCalled();
    expect(convex.mutation(api.notifications.markRead)).toHaveBeenCalledWith({ notificationId: "b" });
    expect(location().pathname).toBe("/account/bob");
    expect(shown.close).toHaveBeenCalled();
  });

  it("shows a new private message and opens /messages", () => {
    const { location } = setUp();
    visibility = "hidden";
    convex.onQuery(api.conversations.unreadTotal, 2);
    expect(FakeNotification.shown.map((n) => n.options.body)).toEqual(["You have 2 unread messages."]);
    act(() => FakeNotification.shown[0]!.onclick?.());
    expect(location().pathname).toBe("/messages");
    // Reading one makes the total shrink: nothing to show.
    convex.onQuery(api.conversations.unreadTotal, 1);
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it("shows nothing once turned off in another tab", () => {
    setUp();
    visibility = "hidden";
    localStorage.removeItem(BROWSER_ALERTS_STORAGE_KEY);
    convex.onQuery(api.notifications.page, paginated([row("b")]));
    expect(FakeNotification.shown).toHaveLength(0);
  });
});
