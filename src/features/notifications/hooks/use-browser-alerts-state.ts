import { useSyncExternalStore } from "react";
import { browserAlertsState, subscribeBrowserAlerts, type BrowserAlertsState } from "../browser-alerts-setting";

/** This browser's system-notification state, live: the top bar and /notifications both read it. */
export function useBrowserAlertsState(): BrowserAlertsState {
  return useSyncExternalStore(subscribeBrowserAlerts, browserAlertsState, () => "unsupported");
}
