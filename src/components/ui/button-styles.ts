/**
 * The look of every button, as class names, so a link that acts as a button (`<Link>` to a form)
 * looks like one too: `<Link className={buttonClass({ variant: "primary" })}>`.
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-secondary" | "danger-ghost" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";
export type ButtonShape = "rounded" | "pill";

export type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize; shape?: ButtonShape; className?: string };

const BASE =
  "inline-flex items-center justify-center gap-1.5 text-sm transition focus-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent font-semibold text-accent-contrast shadow-sm hover:bg-accent-hover",
  secondary: "border border-line-strong bg-surface font-medium text-fg-secondary shadow-sm hover:bg-canvas",
  danger:
    "bg-danger-solid font-semibold text-accent-contrast shadow-sm hover:bg-danger-solid-hover focus-visible:outline-danger-ring",
  "danger-secondary":
    "border border-danger-line bg-surface font-medium text-danger shadow-sm hover:bg-danger-soft focus-visible:outline-danger-ring",
  "danger-ghost": "font-semibold text-danger hover:bg-danger-soft focus-visible:outline-danger-ring",
  ghost: "font-medium text-fg-secondary hover:bg-surface-muted",
};

// Every size keeps a tap target of at least 40 px; sm is narrower for rows of several actions.
const SIZES: Record<ButtonSize, string> = { sm: "min-h-10 px-3", md: "min-h-10 px-4", lg: "min-h-11 px-5" };

const SHAPES: Record<ButtonShape, string> = { rounded: "rounded-lg", pill: "rounded-full" };

export function buttonClass({ variant = "secondary", size = "md", shape = "rounded", className }: ButtonLook = {}) {
  return [BASE, VARIANTS[variant], SIZES[size], SHAPES[shape], className].filter(Boolean).join(" ");
}
