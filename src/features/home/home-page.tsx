import { useState } from "react";
import { DailyQuoteCard } from "./daily-quote-card";
import { randomPictureId } from "./home-background";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** Home (F3): the daily quote square. The date and picture are fixed for the visit. */
export default function HomePage() {
  useScreenTitle("Home");
  const [today] = useState(() => new Date());
  const [pictureId] = useState(() => randomPictureId());
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-3 py-6 sm:px-6 sm:py-10">
      <h1 className="sr-only">Home</h1>
      <DailyQuoteCard date={today} pictureId={pictureId} />
    </section>
  );
}
