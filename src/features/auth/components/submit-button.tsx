import type { ReactNode } from "react";

/**
 * The form's main button; it says what is happening while the request runs. It stays focusable
 * while busy (aria-disabled), so the form's submit handler ignores a submit while busy.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      aria-disabled={busy}
      className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-accent-contrast shadow-sm transition hover:bg-accent-hover focus-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

export const secondaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-line-strong bg-surface px-4 text-sm font-semibold text-fg shadow-sm transition hover:bg-canvas focus-ring disabled:cursor-not-allowed disabled:opacity-60";

export const textLinkClass = "font-medium text-accent-fg underline-offset-2 hover:underline";
