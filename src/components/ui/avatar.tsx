import { clsx } from "clsx";
import { useState } from "react";

/** The picture shown for anyone without an avatar, or whose avatar fails to load. */
export const NO_AVATAR_URL = "/images/no-avatar.svg";

const SIZES = { xs: "size-6", sm: "size-8", md: "size-10", lg: "size-16", xl: "size-28" } as const;

type AvatarProps = {
  /** The avatar's URL; null or empty shows the no-avatar picture. */
  src: string | null | undefined;
  /** Whose avatar it is: becomes the alt text ("Alice's avatar"). */
  name: string;
  size?: keyof typeof SIZES;
  /** Beside the person's name already (a row, a link): no alt text, so the name is not read twice. */
  decorative?: boolean;
  className?: string;
};

/** A round avatar that falls back to the no-avatar picture when there is none or it is broken. */
export function Avatar({ src, name, size = "md", decorative = false, className }: AvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const usable = src && src !== brokenSrc ? src : NO_AVATAR_URL;
  return (
    <img
      src={usable}
      alt={decorative ? "" : `${name}'s avatar`}
      loading="lazy"
      onError={() => setBrokenSrc(src ?? null)}
      className={clsx(SIZES[size], "shrink-0 rounded-full bg-surface-strong object-cover", className)}
    />
  );
}
