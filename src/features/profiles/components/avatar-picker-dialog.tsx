import { useMutation } from "convex/react";
import { clsx } from "clsx";
import { useState } from "react";
import { toast } from "sonner";
import { Dialog } from "@/components/ui/dialog";
import { api } from "@convex/_generated/api";
import { AVATARS } from "@convex/shared/avatars";

type AvatarPickerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string | null;
};

/** Seed §2's avatar picker: the 12 presets; a choice is saved at once and the dialog closes. */
export function AvatarPickerDialog({ open, onOpenChange, current }: AvatarPickerDialogProps) {
  const setAvatar = useMutation(api.profiles.setAvatar);
  const [saving, setSaving] = useState<string | null>(null);

  async function choose(url: string) {
    setSaving(url);
    try {
      await setAvatar({ photoURL: url });
      onOpenChange(false);
    } catch {
      toast.error("Failed to update avatar.");
    } finally {
      setSaving(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose your avatar"
      description="Pick one; it is saved right away."
      preventClose={saving !== null}
    >
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {AVATARS.map(({ url, name }) => {
          const chosen = url === current;
          return (
            <li key={url}>
              <button
                type="button"
                aria-pressed={chosen}
                aria-label={`${name} avatar`}
                disabled={saving !== null}
                onClick={() => void choose(url)}
                className={clsx(
                  "relative flex w-full flex-col items-center gap-1 rounded-xl border-2 p-2 text-xs font-medium text-fg-secondary transition",
                  "hover:bg-canvas focus-ring disabled:opacity-60",
                  chosen ? "border-accent bg-accent-soft" : "border-transparent",
                )}
              >
                <img src={url} alt="" className="size-16 sm:size-20" />
                <span>{saving === url ? "Saving..." : name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
