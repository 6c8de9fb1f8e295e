import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorText } from "@/lib/error-text";
import { FormOutcome } from "./form-outcome";

type Outcome = { tone: "error" | "success"; text: string } | null;

/** "You are signed in on 3 devices" from the server's count (capped: "50 or more"). */
function devicesLine(count: number, capped: boolean): string {
  if (count <= 1) return "You are signed in on this device only.";
  return `You are signed in on ${count}${capped ? " or more" : ""} devices, this one included.`;
}

/**
 * Other devices (issue 30): how many sessions the account has open, and a button that signs out
 * every one but this. Those devices leave at once, back to the login page.
 */
export function SessionsSection() {
  const sessions = useQuery(api.accountSettings.openSessions, {});
  const signOutOthers = useAction(api.accountSettings.signOutOtherDevices);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const othersOpen = sessions !== undefined && sessions.count > 1;

  async function handleSignOut() {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await signOutOthers({});
      setOutcome({ tone: "success", text: "You were signed out of all other devices." });
    } catch (error) {
      setOutcome({
        tone: "error",
        text: errorText(error, "The other devices could not be signed out. Please try again."),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="sessions-section-title">
      <h2 id="sessions-section-title" className="text-lg font-semibold text-fg">
        Devices
      </h2>
      <p className="mt-2 text-sm text-fg-muted" aria-live="polite">
        {sessions === undefined ? "Loading…" : devicesLine(sessions.count, sessions.capped)}
      </p>
      <div className="mt-3 space-y-3">
        <FormOutcome tone="error">{outcome?.tone === "error" && outcome.text}</FormOutcome>
        <FormOutcome tone="success">{outcome?.tone === "success" && outcome.text}</FormOutcome>
        <Button
          variant="secondary"
          loading={busy}
          loadingLabel="Signing out…"
          aria-disabled={!othersOpen}
          onClick={() => void handleSignOut()}
        >
          Sign out of all other devices
        </Button>
      </div>
    </Card>
  );
}
