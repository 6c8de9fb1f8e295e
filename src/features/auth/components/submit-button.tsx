import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * The form's main button; it says what is happening while the request runs. It stays focusable
 * while busy (aria-disabled), so the form's submit handler ignores a submit while busy.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" size="lg" loading={busy} loadingLabel={busyLabel} className="w-full">
      {children}
    </Button>
  );
}

export const textLinkClass = "font-medium text-accent-fg underline-offset-2 hover:underline";
