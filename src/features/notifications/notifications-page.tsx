import { BrowserAlertsCard } from "./components/browser-alerts-card";
import { MarkAllReadButton } from "./components/mark-all-read-button";
import { NotificationList } from "./components/notification-list";
import { NotificationsErrorBoundary } from "./components/notifications-error-boundary";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /notifications (issue 31): what happened to the reader, newest first, live; browser notifications opt-in. */
export default function NotificationsPage() {
  useScreenTitle("Notifications");
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-3 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-fg">Notifications</h1>
        <MarkAllReadButton />
      </div>
      <BrowserAlertsCard />
      <NotificationsErrorBoundary>
        <NotificationList />
      </NotificationsErrorBoundary>
    </div>
  );
}
