import { clsx } from "clsx";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { nameWithQuote } from "@/lib/name-with-quote";
import type { ReportTarget } from "@convex/shared/moderation-validators";

// The dialog (and the reasons' texts) load only when someone reports something.
const ReportDialog = lazy(async () => ({ default: (await import("./report-dialog")).ReportDialog }));

type ReportButtonProps = {
  /** What to report: a kind and its id, e.g. { kind: "chatMessage", id: message._id }. */
  target: ReportTarget;
  /** What it is, in words, for the button's name and the dialog's title: "post", "message"… */
  label: string;
  /** The text reported, when it sits in a list of others (comments, messages): quoted in the button's name. */
  text?: string;
  /** "text" shows the word Report; "icon" is a round flag button for rows (comments, messages). */
  variant?: "text" | "icon";
  className?: string;
};

/**
 * Report anything: drop it beside content that is not the viewer's own (the caller hides it on
 * their own content; the server refuses it anyway).
 */
export function ReportButton({ target, label, text, variant = "text", className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const name = `Report ${label}`;
  const accessibleName = text === undefined ? name : nameWithQuote(name, text);
  return (
    <>
      {variant === "icon" ? (
        <IconButton
          label={accessibleName}
          title={name}
          tone="danger"
          onClick={() => setOpen(true)}
          className={className}
        >
          <Flag aria-hidden className="size-4" />
        </IconButton>
      ) : (
        // A quiet word that turns red on hover: no Button variant looks like this (a "danger ghost").
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={accessibleName}
          title={name}
          className={clsx(
            "inline-flex min-h-10 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium text-fg-subtle transition hover:bg-danger-soft hover:text-danger focus-ring focus-visible:outline-danger-ring",
            className,
          )}
        >
          <Flag aria-hidden className="size-4" />
          <span>Report</span>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} target={target} label={label} />
        </Suspense>
      )}
    </>
  );
}
