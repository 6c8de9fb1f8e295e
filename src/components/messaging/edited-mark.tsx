import { clsx } from "clsx";
import { fullDateOnHover } from "@/lib/format";

/** "edited" beside a message's time once its author changed it (no history is kept); when, on hover. */
export function EditedMark({ editedAt, className }: { editedAt: number; className?: string }) {
  return (
    <span {...fullDateOnHover(editedAt)} className={clsx("text-xs", className)}>
      edited
    </span>
  );
}
