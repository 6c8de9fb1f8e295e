import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "./button";
import { buttonClass } from "./button-styles";

type FormActionsProps = {
  /**
   * A button for dialogs, a link for pages (it also works with a fresh page, where going back would
   * not). The link's `onClick` runs before it navigates (e.g. to let it past an unsaved-changes prompt).
   */
  cancel: { onClick: () => void } | { to: string; onClick?: () => void };
  /**
   * While true, both say they are disabled and the submit button shows `busyLabel`. They stay
   * focusable (aria-disabled, not `disabled`, which would drop the focus to the page when a save
   * fails), so the form's submit handler must ignore a submit while busy.
   */
  busy: boolean;
  busyLabel: string;
  /** Small print before the buttons, e.g. the form's keyboard shortcut (ShortcutHint). */
  hint?: ReactNode;
  children: ReactNode;
};

/**
 * A form's Cancel and submit buttons: side by side on wide screens, stacked on a phone, in the order
 * the keyboard reaches them (a reversed stack put submit first on screen and second for Tab).
 */
export function FormActions({ cancel, busy, busyLabel, hint, children }: FormActionsProps) {
  return (
    <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:justify-end">
      {hint && <div className="sm:mr-auto sm:self-center">{hint}</div>}
      {"to" in cancel ? (
        <Link to={cancel.to} onClick={cancel.onClick} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </Link>
      ) : (
        <Button variant="secondary" onClick={() => cancel.onClick()} aria-disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant="primary" loading={busy} loadingLabel={busyLabel}>
        {children}
      </Button>
    </div>
  );
}

/** The form-level error line, announced to screen readers as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
