import { useMutation, useQueries } from "convex/react";
import { clsx } from "clsx";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/error-text";
import { api } from "@convex/_generated/api";
import { PREFERENCE_KINDS, type NotificationPreferences, type PreferenceKind } from "@convex/shared/notifications";

const LABELS: Record<PreferenceKind, { name: string; about: string }> = {
  friendAdds: { name: "Friend adds", about: "Someone adds you as a friend." },
  comments: { name: "Comments", about: "Someone comments on your book or post." },
  likes: { name: "Likes", about: "Someone likes your book or post." },
  mentions: { name: "Mentions", about: "Someone @mentions you in a chat room or a comment." },
  moderation: {
    name: "Moderation",
    about: "A report you made is handled, your content is removed, or your suspension ends.",
  },
};

export const SAVE_PREFERENCE_FAILED = "Failed to save your notification settings. Please try again.";

const PREFERENCES = { preferences: { query: api.notificationPreferences.mine, args: {} } };

/**
 * The owner's switches for each kind of notification (issue 31), under their profile. A switch
 * flips at once (an optimistic update) and flips back with a message if the server says no.
 */
export function NotificationPreferencesCard() {
  const { preferences } = useQueries(PREFERENCES);
  const set = useMutation(api.notificationPreferences.set).withOptimisticUpdate((store, { kind, enabled }) => {
    const current = store.getQuery(api.notificationPreferences.mine, {});
    if (current !== undefined) store.setQuery(api.notificationPreferences.mine, {}, { ...current, [kind]: enabled });
  });
  const [saving, setSaving] = useState<PreferenceKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function toggle(kind: PreferenceKind, enabled: boolean) {
    setSaving(kind);
    setError(null);
    try {
      await set({ kind, enabled });
    } catch (failure) {
      setError(errorText(failure, SAVE_PREFERENCE_FAILED));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card as="section" aria-labelledby="notification-preferences-title">
      <h2 id="notification-preferences-title" className="text-lg font-semibold text-fg">
        Notification settings
      </h2>
      <p className="mt-1 text-sm text-fg-muted">Choose what shows in your bell. Private messages always do.</p>
      {preferences instanceof Error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          Error loading your notification settings
        </p>
      ) : preferences === undefined ? (
        <Spinner />
      ) : (
        <PreferenceSwitches preferences={preferences} saving={saving} onToggle={(kind, on) => void toggle(kind, on)} />
      )}
      {error !== null && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </Card>
  );
}

type SwitchesProps = {
  preferences: NotificationPreferences;
  saving: PreferenceKind | null;
  onToggle: (kind: PreferenceKind, enabled: boolean) => void;
};

function PreferenceSwitches({ preferences, saving, onToggle }: SwitchesProps) {
  return (
    <ul className="mt-3 divide-y divide-line">
      {PREFERENCE_KINDS.map((kind) => {
        const on = preferences[kind];
        const busy = saving === kind;
        return (
          <li key={kind} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0">
              <p id={`notification-pref-${kind}`} className="text-sm font-medium text-fg">
                {LABELS[kind].name}
              </p>
              <p id={`notification-pref-${kind}-about`} className="text-xs text-fg-muted">
                {LABELS[kind].about}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby={`notification-pref-${kind}`}
              aria-describedby={`notification-pref-${kind}-about`}
              aria-busy={busy || undefined}
              // One change at a time per switch: a second press while saving would race the first.
              onClick={() => {
                if (!busy) onToggle(kind, !on);
              }}
              className="flex shrink-0 items-center gap-2 rounded-full p-1 focus-ring"
            >
              <span aria-hidden className="w-7 text-right text-xs font-semibold text-fg-secondary">
                {on ? "On" : "Off"}
              </span>
              <span
                aria-hidden
                className={clsx(
                  "relative inline-flex h-6 w-11 items-center rounded-full border transition",
                  on ? "border-accent bg-accent" : "border-line-strong bg-surface-strong",
                  busy && "opacity-70",
                )}
              >
                <span
                  className={clsx(
                    "inline-block size-4 rounded-full shadow transition",
                    on ? "translate-x-6 bg-surface" : "translate-x-1 bg-fg-muted",
                  )}
                />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
