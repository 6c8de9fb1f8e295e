import { ImagePlus } from "lucide-react";
import { useRef } from "react";
import { IconButton } from "@/components/ui/icon-button";
import { ALLOWED_IMAGE_TYPES } from "@convex/shared/image-types";

type AttachPictureButtonProps = {
  onChoose: (file: File) => void;
  disabled?: boolean;
};

/**
 * "Attach picture" beside the message box: a round icon button that opens the browser's file
 * picker. The file input itself is hidden (its own button reads "No fi…osen" on a phone); the
 * button is what keyboards and screen readers reach.
 */
export function AttachPictureButton({ onChoose, disabled }: AttachPictureButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="shrink-0">
      <IconButton
        label="Attach picture"
        title="Attach picture"
        size="lg"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden className="size-5" />
      </IconButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={ALLOWED_IMAGE_TYPES.join(",")}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Emptied so choosing the same file again (after Remove) still tells us.
          event.target.value = "";
          if (chosen) onChoose(chosen);
        }}
      />
    </div>
  );
}
