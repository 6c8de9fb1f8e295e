import { BellRing } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { turnOffBrowserAlerts, turnOnBrowserAlerts } from "../browser-alerts-setting";
import { useBrowserAlertsState } from "../hooks/use-browser-alerts-state";

/**
 * The opt-in for system notifications while the app is in a hidden tab. The browser asks for
 * permission only when the button is pressed; a "no" is shown and explained, never asked again.
 */
export function BrowserAlertsCard() {
  const state = useBrowserAlertsState();
  const [asking, setAsking] = useState(false);

  async function turnOn() {
    setAsking(true);
    try {
      await turnOnBrowserAlerts();
    } finally {
      setAsking(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="browser-alerts-title" padding="sm" radius="xl">
      <div className="flex flex-wrap items-center gap-3">
        <BellRing aria-hidden className="size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0 flex-[1_1_16rem]">
          <h2 id="browser-alerts-title" className="text-sm font-semibold text-fg">
            Browser notifications
          </h2>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {STATE_TEXTS[state]}
          </p>
        </div>
        {(state === "ask" || state === "off") && (
          <Button variant="primary" size="sm" onClick={() => void turnOn()} loading={asking}>
            Turn on browser notifications
          </Button>
        )}
        {state === "on" && (
          <Button variant="secondary" size="sm" onClick={() => turnOffBrowserAlerts()}>
            Turn off browser notifications
          </Button>
        )}
      </div>
    </Card>
  );
}

const STATE_TEXTS = {
  unsupported: "This browser cannot show notifications.",
  denied: "Your browser blocks notifications for this site; change it in the site settings.",
  ask: "Get a system notification for new notifications and messages while DUMY is open in another tab.",
  off: "Get a system notification for new notifications and messages while DUMY is open in another tab.",
  on: "On: new notifications and messages show as system notifications while DUMY is in another tab.",
} as const;
