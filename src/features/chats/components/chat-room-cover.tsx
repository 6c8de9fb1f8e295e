import { clsx } from "clsx";
import { MessagesSquare } from "lucide-react";

/** A room's cover (decorative: the name is beside it), or a speech-bubble tile when it has none. */
export function ChatRoomCover({ imageUrl, size }: { imageUrl: string | null; size: "sm" | "lg" }) {
  return (
    <div
      className={clsx(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-accent-soft text-accent-fg",
        size === "sm" ? "size-10" : "size-16 sm:size-20",
      )}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className="size-full object-cover" />
      ) : (
        <MessagesSquare aria-hidden className={size === "sm" ? "size-5" : "size-8"} />
      )}
    </div>
  );
}
