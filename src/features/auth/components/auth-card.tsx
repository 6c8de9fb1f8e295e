import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

type AuthCardProps = {
  title: string;
  /** One line under the title: what this screen is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links to the other auth screens, under the card's body. */
  footer?: ReactNode;
};

/** The frame of the login, register and verify screens: a centred card that fits a 390 px phone. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <section className="flex min-h-[70vh] items-start justify-center px-4 py-10 sm:items-center">
      <Card padding="lg" className="w-full max-w-sm">
        <h1 className="text-2xl font-semibold text-fg">{title}</h1>
        {intro && <p className="mt-2 text-sm text-fg-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
        {footer && (
          <div className="mt-6 border-t border-line-subtle pt-4 text-center text-sm text-fg-muted">{footer}</div>
        )}
      </Card>
    </section>
  );
}
