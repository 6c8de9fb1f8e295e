import { clsx } from "clsx";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";

/** A message's picture as chatMessages.list and messages.list give it. */
export type MessagePictureView = { url: string | null; alt: string | null };

type MessagePictureProps = {
  picture: MessagePictureView;
  /** Who sent it: the alt text when none was given is "Picture from NAME". */
  authorName: string;
  className?: string;
};

/**
 * A message's picture: a thumbnail of a fixed size (cropped, so a picture still loading moves
 * nothing in the history) that opens the whole picture in the app's dialog (focus trap, Escape,
 * Close), with the alt text as its caption. The button is named by the picture's alt text and
 * says it opens a dialog (aria-haspopup), as screen readers announce.
 */
export function MessagePicture({ picture, authorName, className }: MessagePictureProps) {
  const [open, setOpen] = useState(false);
  const name = `Picture from ${authorName}`;
  const alt = picture.alt ?? name;
  if (picture.url === null) {
    return (
      <p className={clsx("flex items-center gap-1.5 text-sm text-fg-muted italic", className)}>
        <ImageOff aria-hidden className="size-4" />
        Picture unavailable
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={clsx(
          "block overflow-hidden rounded-xl bg-surface-muted ring-1 ring-line transition hover:opacity-90 focus-ring",
          className,
        )}
      >
        <img src={picture.url} alt={alt} loading="lazy" className="h-44 w-60 max-w-full object-cover" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={name}>
        <figure className="space-y-2">
          <img
            src={picture.url}
            alt={alt}
            className="mx-auto max-h-[70dvh] w-auto max-w-full rounded-lg object-contain"
          />
          {picture.alt !== null && <figcaption className="text-sm text-fg-secondary">{picture.alt}</figcaption>}
        </figure>
      </Dialog>
    </>
  );
}
