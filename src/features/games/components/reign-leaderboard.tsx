import { useQuery } from "convex/react";
import { clsx } from "clsx";
import { Trophy } from "lucide-react";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { formatDays } from "@convex/shared/duma/engine";

/** The longest Duma reigns of all players, live: a new record moves up as it is set. */
export function ReignLeaderboard() {
  const rows = useQuery(api.duma.leaderboard, {});
  const mine = useQuery(api.duma.myBestReign, {});

  return (
    <Card as="section" aria-labelledby="leaderboard-title" className="self-start">
      <h2 id="leaderboard-title" className="flex items-center gap-2 text-lg font-bold text-fg">
        <Trophy aria-hidden className="size-5 text-trophy" />
        Longest reigns in Duma
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        The most time a world lasted before an ending, with the built-in story.
      </p>
      {rows === undefined ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-fg-secondary">
          No reigns yet.{" "}
          <Link to={paths.duma.href()} className="font-semibold text-accent-fg underline underline-offset-2">
            Play Duma
          </Link>{" "}
          and be the first!
        </p>
      ) : (
        <ol aria-label="Longest reigns" className="mt-4 divide-y divide-line-subtle">
          {rows.map((row, index) => (
            <li
              key={row.player.userId}
              className={clsx("flex items-center gap-3 py-2", row.isMe && "-mx-2 rounded-lg bg-accent-soft px-2")}
            >
              <span className="w-6 text-right font-bold text-fg-muted tabular-nums">{index + 1}</span>
              <Avatar src={row.player.photoURL} name={row.player.displayName} size="sm" decorative />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-fg">
                  {row.player.displayName}
                  {row.isMe && <span className="font-normal text-fg-muted"> (you)</span>}
                </p>
                <p className="truncate text-xs text-fg-muted">{row.endingTitle}</p>
              </div>
              <span className="text-right text-sm font-semibold text-fg tabular-nums">{formatDays(row.days)}</span>
            </li>
          ))}
        </ol>
      )}
      {mine !== undefined && (
        <p className="mt-4 text-sm text-fg-secondary">
          Your longest reign:{" "}
          <strong>{mine === null ? "none yet" : `${formatDays(mine.days)} (${mine.endingTitle})`}</strong>
        </p>
      )}
    </Card>
  );
}
