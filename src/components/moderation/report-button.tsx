import { clsx } from "clsx";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
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
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={text === undefined ? name : nameWithQuote(name, text)}
        title={name}
        className={clsx(
          "inline-flex shrink-0 items-center justify-center text-fg-subtle transition hover:text-danger focus-ring focus-visible:outline-danger-ring",
          variant === "icon"
            ? "size-10 rounded-full hover:bg-danger-soft"
            : "min-h-10 gap-1.5 rounded-lg px-3 text-sm font-medium hover:bg-danger-soft",
          className,
        )}
      >
        <Flag aria-hidden className="size-4" />
        {variant === "text" && <span>Report</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} target={target} label={label} />
        </Suspense>
      )}
    </>
  );
}
