import { clsx } from "clsx";

/** The seed's 'Loading...' state: a spinner with the text, announced politely to screen readers. */
export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx("flex items-center justify-center gap-2 py-10 text-fg-subtle", className)}>
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
      <span>{label}</span>
    </div>
  );
}
