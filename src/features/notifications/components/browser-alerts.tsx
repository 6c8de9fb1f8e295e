import { useMutation, useQueries } from "convex/react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import type { NotificationView } from "@convex/shared/notifications";
import { isNewMessage, isNewNotification, markOf, type NewestMark } from "../alert-decisions";
import { browserAlertsState } from "../browser-alerts-setting";
import { notificationHref, notificationText } from "../notification-text";
import { showSystemNotice } from "../system-notification";

/**
 * The newest notification (a page of one) and the private-messages total. Each failure (the
 * session ending while the bar is up) reads as "not known", never as an error on every page.
 */
const WATCHED = {
  newest: { query: api.notifications.page, args: { paginationOpts: { numItems: 1, cursor: null } } },
  messages: { query: api.conversations.unreadTotal, args: {} },
};

function tabHidden(): boolean {
  return document.visibilityState === "hidden";
}

/**
 * Mounted by the top bar only while browser notifications are on (its code loads then): while the
 * tab is hidden, a new notification or private message shows a system notification. What the tab
 * saw when it opened is the baseline, so a reload never replays old news.
 */
export function BrowserAlerts() {
  const navigate = useNavigate();
  const markRead = useMutation(api.notifications.markRead);
  const results = useQueries(WATCHED);
  const newest = newestOf(results.newest);
  const messages = typeof results.messages === "number" ? results.messages : undefined;

  const seenNewest = useRef<NewestMark | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    const before = seenNewest.current;
    seenNewest.current = markOf(newest);
    if (before === undefined || newest === null || !tabHidden() || browserAlertsState() !== "on") return;
    if (!isNewNotification(before, newest)) return;
    const href = notificationHref(newest);
    showSystemNotice({
      title: "New notification",
      body: notificationText(newest),
      tag: `notification:${newest._id}`,
      onOpen: () => {
        if (href !== null) void markRead({ notificationId: newest._id }).catch(() => {});
        void navigate(href ?? paths.notifications.href());
      },
    });
  }, [newest, markRead, navigate]);

  const seenMessages = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (messages === undefined) return;
    const before = seenMessages.current;
    seenMessages.current = messages;
    if (before === undefined || !tabHidden() || browserAlertsState() !== "on") return;
    if (!isNewMessage(before, messages)) return;
    showSystemNotice({
      title: "New private message",
      body:
        messages === 1 ? "You have 1 unread message." : `You have ${messages.toLocaleString("en")} unread messages.`,
      tag: "messages",
      onOpen: () => void navigate(paths.messages.href()),
    });
  }, [messages, navigate]);

  return null;
}

/** The first row of the page, null when there are none, undefined until known (or failed). */
function newestOf(result: unknown): NotificationView | null | undefined {
  if (result === undefined || result instanceof Error) return undefined;
  const page = (result as { page: NotificationView[] }).page;
  return page[0] ?? null;
}
