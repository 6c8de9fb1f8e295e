import { clsx } from "clsx";
import { Avatar } from "@/components/ui/avatar";
import type { PublicUser } from "@convex/shared/public-user";

type MentionListboxProps = {
  id: string;
  /** The people offered; none hides the list. */
  people: readonly PublicUser[];
  activeIndex: number;
  optionId: (index: number) => string;
  placement: "above" | "below";
  onChoose: (person: PublicUser) => void;
};

/**
 * The @mention picker's popup: a listbox of people (avatar and name) whose active option the
 * field names with aria-activedescendant, so the focus stays in the field while typing. A polite
 * live region says how many people were found, which screen readers read once per change.
 */
export function MentionListbox({ id, people, activeIndex, optionId, placement, onChoose }: MentionListboxProps) {
  const count = people.length;
  return (
    <>
      <ul
        id={id}
        role="listbox"
        aria-label="People to mention"
        hidden={count === 0}
        className={clsx(
          "absolute right-0 left-0 z-30 max-h-72 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg sm:right-auto sm:min-w-64",
          placement === "above" ? "bottom-full mb-2" : "top-full mt-1",
        )}
      >
        {people.map((person, index) => (
          <li
            key={person.userId}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps the focus (and the caret) in the field: the choice is made on click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(person)}
            className={clsx(
              "flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-fg",
              index === activeIndex ? "bg-accent-soft" : "hover:bg-surface-muted",
            )}
          >
            <Avatar src={person.photoURL} name={person.displayName} size="xs" decorative />
            <span className="truncate">{person.displayName}</span>
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {count === 0 ? "" : `${count} ${count === 1 ? "person" : "people"} found`}
      </p>
    </>
  );
}
