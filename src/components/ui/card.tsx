import type { HTMLAttributes, ReactNode } from "react";

type CardElement = "div" | "section" | "article" | "li" | "aside" | "header";
type CardPadding = "none" | "sm" | "md" | "lg";
type CardRadius = "xl" | "2xl";

export type CardProps = HTMLAttributes<HTMLElement> & {
  as?: CardElement;
  padding?: CardPadding;
  /** `xl` for rows and small panels in a list, `2xl` (the default) for a page's panels. */
  radius?: CardRadius;
  children: ReactNode;
};

const PADDINGS: Record<CardPadding, string> = {
  none: "",
  sm: "p-3 sm:p-4",
  md: "p-4 sm:p-5",
  lg: "p-6 sm:p-8",
};

const RADII: Record<CardRadius, string> = { xl: "rounded-xl", "2xl": "rounded-2xl" };

/** A raised panel on the page: the surface colour, a hairline border and a soft shadow. */
export function Card({ as: Element = "div", padding = "md", radius = "2xl", className, children, ...rest }: CardProps) {
  return (
    <Element
      {...rest}
      className={[RADII[radius], "border border-line bg-surface shadow-sm", PADDINGS[padding], className]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </Element>
  );
}
