import type { HTMLAttributes, ReactNode } from "react";

type CardElement = "div" | "section" | "article" | "li" | "aside";
type CardPadding = "none" | "sm" | "md" | "lg";

export type CardProps = HTMLAttributes<HTMLElement> & {
  as?: CardElement;
  padding?: CardPadding;
  children: ReactNode;
};

const PADDINGS: Record<CardPadding, string> = {
  none: "",
  sm: "p-3 sm:p-4",
  md: "p-4 sm:p-5",
  lg: "p-6 sm:p-8",
};

/** A raised panel on the page: the surface colour, a hairline border and a soft shadow. */
export function Card({ as: Element = "div", padding = "md", className, children, ...rest }: CardProps) {
  return (
    <Element
      {...rest}
      className={["rounded-2xl border border-line bg-surface shadow-sm", PADDINGS[padding], className]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </Element>
  );
}
