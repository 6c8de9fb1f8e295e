import { X } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";
import type { ReplyTarget } from "./reply-context";
import { quotedLine } from "./reply-quote";

/**
 * Above the composer while a reply is being written: "Replying to NAME: excerpt", and a cancel
 * (the button, or Escape in the box: the composer handles the key).
 */
export function ReplyBar({ target, onCancel }: { target: ReplyTarget; onCancel: () => void }) {
  return (
    <div className="mb-2 flex items-center gap-2 rounded-lg border-l-4 border-accent-line bg-surface-muted py-1 pr-1 pl-3">
      <p className="min-w-0 flex-1 truncate text-sm text-fg-muted">
        Replying to <span className="font-semibold text-fg">{target.authorName}</span>: {quotedLine(target)}
      </p>
      <IconButton label="Cancel reply" title="Cancel reply (Esc)" size="sm" onClick={onCancel}>
        <X aria-hidden className="size-4" />
      </IconButton>
    </div>
  );
}
