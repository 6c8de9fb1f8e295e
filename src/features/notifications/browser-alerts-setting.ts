/**
 * Whether this browser shows system notifications for new notifications and private messages
 * while the app is in a hidden tab (issue 31). Opt-in only: the browser is asked for permission
 * only when the person presses "Turn on browser notifications", never on page load, and never
 * again once it has said no. Kept small and free of React: the top bar reads it on every page.
 *
 * A site cannot take back a permission it was granted, so "off" after "on" is this device's own
 * choice, saved in localStorage.
 */
export type BrowserAlertsState =
  /** No Notification API (an old browser, some in-app browsers). */
  | "unsupported"
  /** The browser blocks notifications for this site: shown and explained, not asked again. */
  | "denied"
  /** Never asked: the button asks. */
  | "ask"
  /** Allowed by the browser, turned off here. */
  | "off"
  | "on";

export const BROWSER_ALERTS_STORAGE_KEY = "dumy.notifications.browserAlerts";
/** Told to this tab's listeners (a `storage` event only reaches other tabs). */
const CHANGE_EVENT = "dumy:browser-alerts";

function optedIn(): boolean {
  try {
    return localStorage.getItem(BROWSER_ALERTS_STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function saveOptIn(on: boolean): void {
  try {
    if (on) localStorage.setItem(BROWSER_ALERTS_STORAGE_KEY, "on");
    else localStorage.removeItem(BROWSER_ALERTS_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): nothing to remember, the state below says "off".
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function browserAlertsState(): BrowserAlertsState {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  const permission = window.Notification.permission;
  if (permission === "denied") return "denied";
  if (permission === "default") return "ask";
  return optedIn() ? "on" : "off";
}

/**
 * Calls `listener` when the state may have changed: a choice here or in another tab, or a
 * permission changed in the site settings (seen when the person comes back to the tab).
 */
export function subscribeBrowserAlerts(listener: () => void): () => void {
  const events = [CHANGE_EVENT, "storage", "focus"] as const;
  for (const event of events) window.addEventListener(event, listener);
  document.addEventListener("visibilitychange", listener);
  return () => {
    for (const event of events) window.removeEventListener(event, listener);
    document.removeEventListener("visibilitychange", listener);
  };
}

/**
 * The button's action: asks the browser when it never was asked, and turns alerts on when it
 * allows them. A denied permission is never asked again (browsers ignore the request anyway).
 */
export async function turnOnBrowserAlerts(): Promise<BrowserAlertsState> {
  const state = browserAlertsState();
  if (state === "unsupported" || state === "denied") return state;
  if (state === "ask") {
    const answer = await window.Notification.requestPermission();
    if (answer !== "granted") {
      // "default": the person closed the prompt; tell the listeners either way.
      window.dispatchEvent(new Event(CHANGE_EVENT));
      return browserAlertsState();
    }
  }
  saveOptIn(true);
  return browserAlertsState();
}

export function turnOffBrowserAlerts(): void {
  saveOptIn(false);
}
