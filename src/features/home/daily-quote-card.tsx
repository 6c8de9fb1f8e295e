import { useState } from "react";
import { quoteOfTheDay } from "./daily-quote";
import { dayOfYear, DAYS_IN_COUNTER } from "./day-of-year";
import { backgroundSources, LOCAL_BACKGROUND_URL } from "./home-background";

type DailyQuoteCardProps = {
  date: Date;
  /** Picture id 1–1000 for the remote background. */
  pictureId: number;
};

/** Seed §2 home: the daily quote with its author, over the background picture, and Day N/366. */
export function DailyQuoteCard({ date, pictureId }: DailyQuoteCardProps) {
  const quote = quoteOfTheDay(date);
  const day = dayOfYear(date);
  const sources = backgroundSources(pictureId);
  const [sourceIndex, setSourceIndex] = useState(0);
  const background = sources[sourceIndex] ?? LOCAL_BACKGROUND_URL;
  const isLocal = background === LOCAL_BACKGROUND_URL;

  return (
    <figure className="relative isolate aspect-square w-full max-w-xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-950 via-violet-700 to-orange-300 shadow-xl">
      <img
        src={background}
        alt=""
        onError={() => setSourceIndex((index) => Math.min(index + 1, sources.length - 1))}
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-black/75 via-black/40 to-black/30" />
      <div className="flex h-full flex-col justify-between p-5 text-white sm:p-9">
        <div className="flex items-center justify-between gap-3 text-xs font-semibold tracking-wider uppercase sm:text-sm">
          <span className="text-white/85">Quote of the day</span>
          <span
            aria-label={`Day ${day} of ${DAYS_IN_COUNTER}`}
            className="rounded-full bg-white/20 px-3 py-1 backdrop-blur-sm"
          >
            Day {day}/{DAYS_IN_COUNTER}
          </span>
        </div>
        <blockquote className="font-serif text-2xl leading-snug font-medium text-balance drop-shadow sm:text-4xl">
          <p>“{quote.text}”</p>
        </blockquote>
        <figcaption className="flex items-end justify-between gap-3">
          <span>
            <span className="block text-base font-semibold sm:text-lg">— {quote.author}</span>
            <cite className="block text-xs text-white/75 not-italic sm:text-sm">{quote.source}</cite>
          </span>
          <span className="shrink-0 text-[10px] text-white/60 sm:text-xs">
            {isLocal ? "Illustration: DUMY" : "Photo: Lorem Picsum"}
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
