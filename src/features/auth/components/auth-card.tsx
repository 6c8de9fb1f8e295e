import type { ReactNode } from "react";

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
      <div className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
        {intro && <p className="mt-2 text-sm text-stone-600">{intro}</p>}
        <div className="mt-6">{children}</div>
        {footer && (
          <div className="mt-6 border-t border-stone-100 pt-4 text-center text-sm text-stone-600">{footer}</div>
        )}
      </div>
    </section>
  );
}
