import { clsx } from "clsx";
import type { ReactNode } from "react";

type FormMessageProps = {
  tone: "error" | "success";
  children?: ReactNode;
};

/**
 * The form's outcome line. The live region is always in the page (empty when there is nothing
 * to say) so screen readers announce each new message.
 */
export function FormMessage({ tone, children }: FormMessageProps) {
  return (
    <div aria-live={tone === "error" ? "assertive" : "polite"} role={tone === "error" ? "alert" : "status"}>
      {children ? (
        <div
          className={clsx(
            "rounded-lg border px-3 py-2 text-sm",
            tone === "error"
              ? "border-danger-line bg-danger-soft text-danger"
              : "border-success-line bg-success-soft text-success",
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
