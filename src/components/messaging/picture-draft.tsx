import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { PICTURE_ALT_MAX } from "@convex/shared/message-extras";
import type { PictureAttachment } from "./use-picture-attachment";
import { useObjectUrl } from "@/hooks/use-object-url";

/**
 * Above the message box while a picture is chosen: a small preview with its name, Remove, and the
 * optional alt text; "Uploading picture…" while it goes. A refused file says why here, inline.
 */
export function PictureDraft({ picture }: { picture: PictureAttachment }) {
  const previewUrl = useObjectUrl(picture.file);
  if (picture.file === null && picture.error === null) return null;
  return (
    <div className="mb-2 space-y-1.5">
      {picture.file !== null && (
        <div className="flex items-start gap-3 rounded-xl border border-line bg-canvas p-2">
          {previewUrl && (
            <img
              src={previewUrl}
              alt="Picture to send"
              className="size-16 shrink-0 rounded-lg object-cover ring-1 ring-line"
            />
          )}
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 truncate text-xs text-fg-muted">{picture.file.name}</p>
              {picture.uploading ? (
                <p role="status" className="flex items-center gap-1.5 text-xs text-fg-muted">
                  <span
                    aria-hidden
                    className="size-3.5 animate-spin rounded-full border-2 border-line-strong border-t-accent"
                  />
                  Uploading picture…
                </p>
              ) : (
                <Button variant="ghost" size="sm" onClick={picture.remove}>
                  <X aria-hidden className="size-4" />
                  Remove
                </Button>
              )}
            </div>
            <TextField
              label="Alt text (optional)"
              value={picture.alt}
              onChange={picture.setAlt}
              maxLength={PICTURE_ALT_MAX}
              counter
              limitName="Alt texts"
              placeholder="Describe the picture for people who cannot see it"
              readOnly={picture.uploading}
            />
          </div>
        </div>
      )}
      {picture.error !== null && (
        <p role="alert" className="px-2 text-sm text-danger">
          {picture.error}
        </p>
      )}
    </div>
  );
}
