import { useQuery } from "convex/react";
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { PublicUser } from "@convex/shared/public-user";
import { activeMentionQuery, insertMention, shiftMentions, type MentionDraft } from "./mention-draft";
import { MentionListbox } from "./mention-listbox";

type MentionPickerOptions = {
  /** The field the picker serves (a textarea). */
  field: RefObject<HTMLTextAreaElement | null>;
  draft: MentionDraft;
  onDraftChange: (draft: MentionDraft) => void;
  /** In a chat room, its recent people are offered first. */
  roomId?: Id<"chatRooms">;
  /** Where the list opens: above a composer at the bottom of the screen, below a comment box. */
  placement: "above" | "below";
  /** Off where mentions are not stored (private messages): nothing is offered. */
  enabled?: boolean;
};

/**
 * What the field spreads on its textarea: the WAI-ARIA combobox attributes and handlers. The
 * field is a combobox while its list is open (aria-expanded, aria-activedescendant naming the
 * chosen option) and the plain textbox it always was otherwise, so the composer and comment box
 * keep their role ("textbox", "Message" / "Add a comment") for everyone who finds them by it.
 */
export type MentionFieldProps = {
  role: "combobox" | undefined;
  "aria-expanded": true | undefined;
  "aria-controls": string;
  "aria-autocomplete": "list";
  "aria-activedescendant": string | undefined;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onSelect: () => void;
  onBlur: () => void;
};

/**
 * The @mention picker of a text field (WAI-ARIA combobox with a listbox popup): typing "@" and
 * letters offers people by name; ArrowDown and ArrowUp move, Enter or Tab chooses ("@Name " goes
 * in and its span is recorded), Escape closes. Returns the field's props, a key handler to run
 * first (true when it used the key, so Enter does not also send), and the list to render next to
 * the field inside a `relative` box.
 */
export function useMentionPicker({
  field,
  draft,
  onDraftChange,
  roomId,
  placement,
  enabled = true,
}: MentionPickerOptions): {
  fieldProps: MentionFieldProps;
  handleKey: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  listbox: ReactNode;
} {
  const listboxId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The "@" whose list Escape closed: it stays closed until another "@" is typed. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const caretAfterRender = useRef<number | null>(null);

  const typed = caret === null || !enabled ? null : activeMentionQuery(draft.text, caret);
  const wanted = typed !== null && typed.start !== dismissedAt ? typed : null;
  // The last answer stays while the next one loads, so the list does not flicker per keystroke.
  const [people, setPeople] = useState<PublicUser[]>([]);
  const shown = wanted === null ? [] : people;
  // The same people again (a re-run with an equal answer) keep the list as it is: no re-render loop.
  const keepPeople = useCallback(
    (next: PublicUser[]) => setPeople((current) => (samePeople(current, next) ? current : next)),
    [],
  );
  const open = wanted !== null && shown.length > 0;
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // The caret goes after a chosen name once React has put the text in the field.
  useLayoutEffect(() => {
    const next = caretAfterRender.current;
    if (next === null || !field.current) return;
    caretAfterRender.current = null;
    field.current.focus();
    field.current.setSelectionRange(next, next);
    setCaret(next);
  }, [draft.text, field]);

  // Escape closes the list, not the dialog around the field: Radix listens on the document in
  // the capture phase, so the list's own listener on window, which runs before it, keeps the key.
  useEffect(() => {
    if (!open) return;
    function onEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== "Escape" || event.target !== field.current) return;
      event.stopPropagation();
      event.preventDefault();
      if (wanted !== null) setDismissedAt(wanted.start);
    }
    window.addEventListener("keydown", onEscape, { capture: true });
    return () => window.removeEventListener("keydown", onEscape, { capture: true });
  }, [open, wanted, field]);

  function choose(person: PublicUser) {
    if (wanted === null || caret === null) return;
    const next = insertMention(draft, wanted.start, caret, person);
    caretAfterRender.current = next.caret;
    setActive(0);
    onDraftChange({ text: next.text, mentions: next.mentions });
  }

  function handleKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    const count = shown.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((activeIndex + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
      return true;
    }
    if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && !event.nativeEvent.isComposing) {
      const person = shown[activeIndex];
      if (person === undefined) return false;
      event.preventDefault();
      choose(person);
      return true;
    }
    if (event.key === "Escape") {
      // Handled on window first (see above); here only for fields outside a dialog in tests.
      event.preventDefault();
      if (wanted !== null) setDismissedAt(wanted.start);
      return true;
    }
    return false;
  }

  function onChange(event: ChangeEvent<HTMLTextAreaElement>) {
    const text = event.target.value;
    const nextCaret = event.target.selectionStart;
    setCaret(nextCaret);
    setActive(0);
    if (dismissedAt !== null && activeMentionQuery(text, nextCaret)?.start !== dismissedAt) setDismissedAt(null);
    onDraftChange({ text, mentions: shiftMentions(draft.text, text, draft.mentions, nextCaret) });
  }

  return {
    fieldProps: {
      role: open ? "combobox" : undefined,
      "aria-expanded": open ? true : undefined,
      "aria-controls": listboxId,
      "aria-autocomplete": "list",
      "aria-activedescendant": open ? optionId(activeIndex) : undefined,
      onChange,
      onSelect: () => setCaret(field.current?.selectionStart ?? null),
      // The list closes when the field loses the focus (a click on an option keeps it: see the list).
      onBlur: () => setCaret(null),
    },
    handleKey,
    listbox: (
      <>
        {wanted !== null && <MentionCandidates query={wanted.query} roomId={roomId} onAnswer={keepPeople} />}
        <MentionListbox
          id={listboxId}
          people={open ? shown : []}
          activeIndex={activeIndex}
          optionId={optionId}
          placement={placement}
          onChoose={choose}
        />
      </>
    ),
  };
}

/**
 * Asks the server for the people matching `query`, and hands each answer up. A component of its
 * own, mounted only while an "@query" is being typed, so a field nobody mentions in never queries
 * (and renders without a Convex client, as the private-message composer's tests do).
 */
function MentionCandidates({
  query,
  roomId,
  onAnswer,
}: {
  query: string;
  roomId: Id<"chatRooms"> | undefined;
  onAnswer: (people: PublicUser[]) => void;
}) {
  const answer = useQuery(api.mentions.candidates, { query, ...(roomId === undefined ? {} : { roomId }) });
  useEffect(() => {
    if (answer !== undefined) onAnswer(answer);
  }, [answer, onAnswer]);
  return null;
}

function samePeople(a: readonly PublicUser[], b: readonly PublicUser[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (person, index) =>
        person.userId === b[index]?.userId &&
        person.displayName === b[index]?.displayName &&
        person.photoURL === b[index]?.photoURL,
    )
  );
}
