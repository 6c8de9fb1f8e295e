import { clsx } from "clsx";
import { useState } from "react";
import { quoteOfTheDay } from "./daily-quote";
import { dayOfYear, DAYS_IN_COUNTER } from "./day-of-year";
import {
  LOCAL_BACKGROUND_URL,
  pictureStorage,
  rememberUnreachable,
  remoteSources,
  shouldTryRemote,
} from "./home-background";

type DailyQuoteCardProps = {
  date: Date;
  /** Picture id 1–1000 for the remote background. */
  pictureId: number;
};

type Photo = { sources: string[]; index: number; loaded: boolean } | null;

/** Seed §2 home: the daily quote with its author, over the background picture, and Day N/366. */
export function DailyQuoteCard({ date, pictureId }: DailyQuoteCardProps) {
  const quote = quoteOfTheDay(date);
  const day = dayOfYear(date);
  const [photo, setPhoto] = useState<Photo>(() =>
    shouldTryRemote(pictureStorage(), typeof navigator === "undefined" || navigator.onLine)
      ? { sources: remoteSources(pictureId), index: 0, loaded: false }
      : null,
  );
  const photoUrl = photo?.sources[photo.index];

  function photoFailed() {
    setPhoto((current) => {
      if (current === null) return null;
      if (current.index + 1 < current.sources.length) return { ...current, index: current.index + 1 };
      rememberUnreachable(pictureStorage());
      return null;
    });
  }

  return (
    <figure className="relative isolate aspect-square w-full max-w-xl overflow-hidden rounded-3xl bg-gradient-to-br from-dusk-from via-dusk-via to-dusk-to shadow-xl">
      <img
        src={LOCAL_BACKGROUND_URL}
        alt=""
        fetchPriority="high"
        width={1024}
        height={1024}
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      {photoUrl && (
        <img
          key={photoUrl}
          src={photoUrl}
          alt=""
          width={1024}
          height={1024}
          onLoad={() => setPhoto((current) => (current === null ? null : { ...current, loaded: true }))}
          onError={photoFailed}
          className={clsx(
            "absolute inset-0 -z-10 size-full object-cover transition-opacity duration-700",
            photo?.loaded ? "opacity-100" : "opacity-0",
          )}
        />
      )}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-scrim/75 via-scrim/40 to-scrim/30" />
      <div className="flex h-full flex-col justify-between p-5 text-on-image sm:p-9">
        <div className="flex items-center justify-between gap-3 text-xs font-semibold tracking-wider uppercase sm:text-sm">
          <span className="text-on-image/85">Quote of the day</span>
          <span
            aria-label={`Day ${day} of ${DAYS_IN_COUNTER}`}
            className="rounded-full bg-on-image/20 px-3 py-1 backdrop-blur-sm"
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
            <cite className="block text-xs text-on-image/75 not-italic sm:text-sm">{quote.source}</cite>
          </span>
          <span className="shrink-0 text-[10px] text-on-image/60 sm:text-xs">
            {photo?.loaded ? "Photo: Lorem Picsum" : "Illustration: DUMY"}
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
