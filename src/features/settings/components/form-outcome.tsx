import type { ReactNode } from "react";

type FormOutcomeProps = { tone: "error" | "success"; children?: ReactNode };

/**
 * A settings form's outcome line (what went wrong, or that it worked). The live region stays in
 * the page while empty, so screen readers announce each new message as it appears.
 */
export function FormOutcome({ tone, children }: FormOutcomeProps) {
  const colours =
    tone === "error"
      ? "border-danger-line bg-danger-soft text-danger"
      : "border-success-line bg-success-soft text-success";
  return (
    <div role={tone === "error" ? "alert" : "status"}>
      {children ? <p className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>{children}</p> : null}
    </div>
  );
}
