import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

type IconButtonTone = "neutral" | "danger" | "primary";
type IconButtonSize = "sm" | "md" | "lg";

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "aria-label"> & {
  /** The button's accessible name: an icon says nothing to a screen reader. */
  label: string;
  /** The icon, drawn `aria-hidden`. */
  children: ReactNode;
  tone?: IconButtonTone;
  size?: IconButtonSize;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

const TONES: Record<IconButtonTone, string> = {
  neutral: "text-fg-muted hover:bg-surface-muted hover:text-fg",
  danger: "text-fg-subtle hover:bg-danger-soft hover:text-danger focus-visible:outline-danger-ring",
  primary: "bg-accent text-accent-contrast shadow-md hover:bg-accent-hover",
};

const SIZES: Record<IconButtonSize, string> = { sm: "size-8", md: "size-10", lg: "size-11" };

/** A round button that shows only an icon, with the accessible name it needs and the focus ring. */
export function IconButton({
  label,
  children,
  tone = "neutral",
  size = "md",
  className,
  type = "button",
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      className={[
        "inline-flex shrink-0 items-center justify-center rounded-full transition focus-ring disabled:opacity-50",
        TONES[tone],
        SIZES[size],
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </button>
  );
}
