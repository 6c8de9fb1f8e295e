import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button-styles";
import { Card } from "@/components/ui/card";

type GameCardProps = {
  title: string;
  blurb: string;
  image: string;
  /** An address in the app, or an outside one (opens in a new tab). */
  to: { path: string } | { url: string };
  action: string;
  children?: ReactNode;
};

const actionClass = buttonClass({ variant: "primary" });

/** One game or app on the games page: picture, name, a line about it and the way in. */
export function GameCard({ title, blurb, image, to, action, children }: GameCardProps) {
  return (
    <Card as="li" padding="none" className="flex flex-col overflow-hidden">
      <img src={image} alt="" className="aspect-[16/9] w-full object-cover sm:aspect-[4/3]" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-bold text-fg">{title}</h2>
        <p className="flex-1 text-sm text-fg-muted">{blurb}</p>
        {children}
        <div>
          {"path" in to ? (
            <Link to={to.path} className={actionClass}>
              {action}
            </Link>
          ) : (
            <a href={to.url} target="_blank" rel="noopener noreferrer" className={actionClass}>
              {action}
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </Card>
  );
}
