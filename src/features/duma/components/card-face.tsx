import type { ReactNode } from "react";
import type { Card, EndingCard, Side } from "@convex/shared/duma/cards";
import { isStoryCard } from "@convex/shared/duma/engine";

/** The card's frame, shared by the still card of the first paint and the draggable one. */
export const CARD_CLASS =
  "relative mx-auto w-full max-w-sm cursor-grab touch-pan-y overflow-hidden rounded-3xl border border-line bg-surface shadow-lg select-none active:cursor-grabbing";

type CardFaceProps = {
  card: Card | EndingCard;
  /** The side shown over the picture (leaning, or leaving). */
  shownLean: Side | null;
  /** The yes and no tints over the picture. */
  tints: ReactNode;
};

/** What a Duma card shows: its picture with the tints and the lean's text, its title and question. */
export function CardFace({ card, shownLean, tints }: CardFaceProps) {
  const story = isStoryCard(card) ? card : null;
  return (
    <>
      <div className="relative aspect-[16/10] bg-inverse-strong sm:aspect-[4/3]">
        <img src={card.image ?? "/duma/first-spark.svg"} alt="" draggable={false} className="size-full object-cover" />
        {tints}
        {shownLean && (
          <p
            aria-hidden
            className="absolute inset-x-3 top-3 rounded-xl bg-surface/95 px-3 py-2 text-center text-sm font-semibold text-fg shadow"
          >
            <span className={shownLean === "yes" ? "text-success" : "text-danger"}>
              {shownLean === "yes" ? "Yes" : "No"}
            </span>
            {": "}
            {story ? story.description[shownLean] || (shownLean === "yes" ? "Yes" : "No") : "Begin again"}
          </p>
        )}
      </div>
      <div className="space-y-2 px-5 py-4">
        <h2 id="duma-card-title" className="text-lg font-bold text-fg">
          {card.title}
        </h2>
        <p className="text-fg-secondary">{card.question}</p>
      </div>
    </>
  );
}

/** The colours a card tints toward: its own for a story card, the ending colour otherwise. */
export function tintColors(card: Card | EndingCard): { yes: string; no: string } {
  const ending = "var(--color-duma-ending)";
  return isStoryCard(card) ? card.color : { yes: ending, no: ending };
}
