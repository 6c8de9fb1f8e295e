import { GameCard } from "./components/game-card";
import { ReignLeaderboard } from "./components/reign-leaderboard";
import { externalApps } from "./external-apps";
import { paths } from "@/config/paths";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /games (seed §2): Duma, the outside apps that are configured, and the longest Duma reigns. */
export default function GamesPage() {
  useScreenTitle("Games/Apps");
  const apps = externalApps();
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-3 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Games and apps</h1>
        <p className="mt-2 text-fg-muted">Play, reflect, plan: a few things to do here besides reading.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ul aria-label="Games and apps" className="grid gap-4 sm:grid-cols-2">
          <GameCard
            title="Duma"
            blurb="Dream a world into being, one card at a time. Swipe yes or no and keep air, earth, fire and water in balance for as long as you can."
            image="/duma/first-spark.svg"
            to={{ path: paths.duma.href() }}
            action="Play Duma"
          />
          {apps.map((app) => (
            <GameCard
              key={app.id}
              title={app.title}
              blurb={app.blurb}
              image={app.image}
              to={{ url: app.url }}
              action={`Open ${app.title}`}
            />
          ))}
        </ul>
        <ReignLeaderboard />
      </div>
    </section>
  );
}
