/** Where a system notification's icon comes from: the app's logo, as on the tab. */
const ICON_URL = "/images/logo.svg";

export type SystemNotice = {
  title: string;
  body: string;
  /** One per thing: a later notice with the same tag replaces the earlier one instead of piling up. */
  tag: string;
  /** What clicking it does once the tab has the focus: open the item. */
  onOpen: () => void;
};

/**
 * Shows a notice through the Notification API; clicking it brings the app's tab forward and opens
 * the item. Nothing when the API is missing or not allowed (the caller checks the setting first;
 * this is the last guard), and a browser that refuses to construct one (Chrome on Android wants a
 * service worker for it) is ignored: the bell still counts it.
 */
export function showSystemNotice(notice: SystemNotice): void {
  if (typeof window === "undefined" || !("Notification" in window)) return;
  if (window.Notification.permission !== "granted") return;
  try {
    const shown = new window.Notification(notice.title, { body: notice.body, tag: notice.tag, icon: ICON_URL });
    shown.onclick = () => {
      window.focus();
      notice.onOpen();
      shown.close();
    };
  } catch {
    // See above: nothing more to do than the bell already does.
  }
}
