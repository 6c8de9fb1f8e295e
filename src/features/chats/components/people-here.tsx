import { Avatar } from "@/components/ui/avatar";
import { formatCount } from "@/lib/format";
import type { RoomPresence } from "../typing";

/** Avatars shown before the rest is counted ("+3"). */
const SHOWN = 5;

/** Who is in the room now: a row of avatars, the reader first, and how many in all. */
export function PeopleHere({ people }: { people: RoomPresence[] | undefined }) {
  if (people === undefined) return null;
  const names = people.map((person) => person.name ?? "Someone").join(", ");
  const hidden = people.length - SHOWN;
  return (
    <div className="flex shrink-0 items-center gap-2" aria-label={`In the room now: ${names}`} role="group">
      <ul className="flex -space-x-2" aria-hidden>
        {people.slice(0, SHOWN).map((person) => (
          <li key={person.userId} title={person.name}>
            <Avatar src={person.image} name={person.name ?? "Someone"} size="sm" className="ring-2 ring-surface" />
          </li>
        ))}
        {hidden > 0 && (
          <li className="flex size-8 items-center justify-center rounded-full bg-surface-strong text-xs font-semibold text-fg-secondary ring-2 ring-surface">
            +{formatCount(hidden)}
          </li>
        )}
      </ul>
      <span className="hidden text-xs text-fg-muted sm:inline" aria-hidden>
        {formatCount(people.length)} here
      </span>
    </div>
  );
}
