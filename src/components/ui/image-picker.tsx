import { ImagePlus } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { decodesAsImage } from "@/lib/image-decode";
import { isImageFile } from "@/lib/image-resize";
import { buttonClass } from "./button-styles";
import { useObjectUrl } from "@/hooks/use-object-url";

type ImagePickerProps = {
  label: string;
  required?: boolean;
  /** The newly chosen file, if any. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The image in place now (e.g. the cover being edited), previewed until a file is chosen. */
  currentUrl?: string | null;
  disabled?: boolean;
};

export const NOT_AN_IMAGE = "That file is not an image. Choose a JPEG, PNG, WebP or GIF.";

/**
 * A file field that takes pictures only and previews the choice. A file is taken once the browser
 * has decoded it (a text file renamed .png has an image's name and type, not its content);
 * anything else is refused inline, and the previous choice and preview stay.
 */
export function ImagePicker({
  label,
  required = false,
  file,
  onChange,
  currentUrl = null,
  disabled,
}: ImagePickerProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  // Only the latest choice counts when an earlier one is still being decoded.
  const latestChoice = useRef(0);
  const shownUrl = useObjectUrl(file) ?? currentUrl;
  // A picture that does not load (a broken address) shows the placeholder, not a broken image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const previewUrl = shownUrl !== failedUrl ? shownUrl : null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0] ?? null;
    const choice = ++latestChoice.current;
    if (chosen === null) {
      setError(null);
      onChange(null);
      return;
    }
    const isImage = isImageFile(chosen) && (await decodesAsImage(chosen));
    if (choice !== latestChoice.current) return;
    if (!isImage) {
      setError(NOT_AN_IMAGE);
      // The refused file leaves the input; the one chosen before stays in the form.
      input.value = "";
      return;
    }
    setError(null);
    onChange(chosen);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-fg-secondary">
        {label}
        {required && <span aria-hidden>*</span>}
      </label>
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-line-strong bg-canvas p-3 focus-within:border-accent-line focus-within:ring-2 focus-within:ring-focus/30">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface ring-1 ring-line">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt="Selected image preview"
              onError={() => setFailedUrl(previewUrl)}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus aria-hidden className="size-6 text-fg-faint" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          {/* The browser's own file button reads "No fi…osen" on a phone: the input stays (for
              keyboards and screen readers) but is drawn by the label-button beside it. */}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-required={required && !currentUrl}
            disabled={disabled}
            onChange={(event) => void choose(event)}
            aria-invalid={error !== null}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            aria-hidden
            // The label never has the focus itself: it shows the ring when the hidden input has it.
            className={buttonClass({
              variant: "primary",
              size: "sm",
              className:
                "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
            })}
          >
            {file || previewUrl ? "Choose another image" : "Choose image"}
          </label>
          <p id={hintId} className="mt-1.5 text-xs break-words text-fg-muted">
            {file ? file.name : "JPEG, PNG, WebP or GIF. Large images are resized before upload."}
          </p>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
