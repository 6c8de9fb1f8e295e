import { clsx } from "clsx";

/** The seed's 'Loading...' state: a spinner with the text, announced politely to screen readers. */
export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx("flex items-center justify-center gap-2 py-10 text-stone-500", className)}>
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" />
      <span>{label}</span>
    </div>
  );
}
