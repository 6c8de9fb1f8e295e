import type { ReactNode } from "react";

type EmptyStateProps = {
  title: string;
  /** What the user can do about it, e.g. a link or a button. */
  children?: ReactNode;
};

/** A friendly "nothing here yet" block for lists with no items. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white/70 px-6 py-12 text-center">
      <p className="text-base font-medium text-stone-700">{title}</p>
      {children}
    </div>
  );
}
