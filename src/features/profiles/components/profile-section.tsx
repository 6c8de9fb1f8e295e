import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One card of the profile page (About, Basics, …) with its heading. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `profile-section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card as="section" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold text-fg">
        {title}
      </h2>
      {children}
    </Card>
  );
}
