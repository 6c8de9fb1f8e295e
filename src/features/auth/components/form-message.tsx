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
            tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800",
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
