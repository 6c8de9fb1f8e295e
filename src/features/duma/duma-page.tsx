import { useQuery } from "convex/react";
import { Pencil, Trophy } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { formatDays } from "@convex/shared/duma/engine";
import { CardEditorDialog } from "./components/card-editor-dialog";
import { DumaGame } from "./components/duma-game";
import { useDumaDeck } from "./hooks/use-duma-deck";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /duma: the swipe-card game (seed §4), the card editor and the player's longest reign. */
export default function DumaPage() {
  useScreenTitle("Duma");
  const { deck, own } = useDumaDeck();
  const [editing, setEditing] = useState(false);

  return (
    // The clip keeps a card flying out from widening the page; it spans the screen so the card leaves it whole.
    <div className="w-full overflow-x-clip">
      <section className="mx-auto max-w-5xl space-y-5 px-3 py-5 sm:px-6 sm:py-8">
        <header>
          <div className="flex items-center justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-fg">Duma</h1>
            <Button onClick={() => setEditing(true)} disabled={own === undefined}>
              <Pencil aria-hidden className="size-4" />
              Edit cards
            </Button>
          </div>
          <p className="mt-1 text-sm text-fg-muted">
            {own
              ? "You are playing your own deck."
              : "Keep air, earth, fire and water in balance for as long as you can."}
          </p>
        </header>

        {deck === undefined ? (
          <Spinner />
        ) : (
          <DumaGame
            deck={deck}
            countsForRecords={own === null}
            keysEnabled={!editing}
            aside={<BestReign playingOwnDeck={Boolean(own)} />}
          />
        )}

        <CardEditorDialog open={editing} onOpenChange={setEditing} own={own ?? null} />
      </section>
    </div>
  );
}

function BestReign({ playingOwnDeck }: { playingOwnDeck: boolean }) {
  const best = useQuery(api.duma.myBestReign, {});
  return (
    <aside className="mx-auto flex max-w-sm items-start gap-3 lg:max-w-none rounded-2xl border border-warning-line bg-warning-soft p-4 text-sm text-fg">
      <Trophy aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
      <div>
        <h2 className="font-semibold text-fg">Your longest reign</h2>
        <p>
          {best === undefined
            ? "Loading..."
            : best === null
              ? "None yet: your first ending with the built-in story sets it."
              : `${formatDays(best.days)}, ended by ${best.endingTitle}.`}
        </p>
        {playingOwnDeck && <p className="mt-1">Games with your own deck do not count for records.</p>}
        <Link
          to={paths.games.href()}
          className="mt-1 inline-block font-semibold text-accent-fg underline underline-offset-2 hover:text-accent-fg"
        >
          See the longest reigns
        </Link>
      </div>
    </aside>
  );
}
