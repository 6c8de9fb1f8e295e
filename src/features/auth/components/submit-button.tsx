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
      className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

export const secondaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm transition hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60";

export const textLinkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";
