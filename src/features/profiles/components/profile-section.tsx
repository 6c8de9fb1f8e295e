import type { ReactNode } from "react";

/** One card of the profile page (About, Basics, …) with its heading. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `profile-section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <h2 id={id} className="mb-3 text-base font-semibold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}
