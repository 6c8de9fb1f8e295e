import { clsx } from "clsx";
import { useQuery } from "convex/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { api } from "@convex/_generated/api";
import type { ReactionEmoji } from "@convex/shared/message-extras";
import { pillLabel, REACTION_NAMES, whoLine } from "./reaction-names";
import type { ReactableMessageId } from "./reaction-types";

/** A touch held this long shows who reacted instead of toggling (there is no hover on a phone). */
const LONG_PRESS_MS = 500;
/** A mouse resting this long on a pill shows who reacted, so passing over pills does not ask. */
const HOVER_DELAY_MS = 300;

type ReactionPillProps = {
  messageId: ReactableMessageId;
  emoji: ReactionEmoji;
  count: number;
  /** Whether I gave it: the pill is pressed. */
  mine: boolean;
  onToggle: (emoji: ReactionEmoji) => void;
};

/**
 * One emoji with its count under a message; pressing toggles mine. Hovering, focusing or holding
 * it (touch) shows who gave it in a tooltip the pill is described by, asked from the server only
 * while it shows (messageReactions.who).
 */
export function ReactionPill({ messageId, emoji, count, mine, onToggle }: ReactionPillProps) {
  const [showWho, setShowWho] = useState(false);
  const tooltipId = useId();
  const hoverTimer = useRef<number | undefined>(undefined);
  const pressTimer = useRef<number | undefined>(undefined);
  /** A long press opened the names: the click that ends it must not toggle too. */
  const longPressed = useRef(false);

  useEffect(
    () => () => {
      window.clearTimeout(hoverTimer.current);
      window.clearTimeout(pressTimer.current);
    },
    [],
  );

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (event.pointerType !== "touch") return;
    longPressed.current = false;
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      setShowWho(true);
    }, LONG_PRESS_MS);
  }

  function endPress() {
    window.clearTimeout(pressTimer.current);
  }

  function onClick() {
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    onToggle(emoji);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "Escape" && showWho) {
      event.stopPropagation();
      setShowWho(false);
    }
  }

  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-pressed={mine}
        aria-label={pillLabel(emoji, count)}
        aria-describedby={showWho ? tooltipId : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={() => setShowWho(true)}
        onBlur={() => setShowWho(false)}
        onMouseEnter={() => {
          hoverTimer.current = window.setTimeout(() => setShowWho(true), HOVER_DELAY_MS);
        }}
        onMouseLeave={() => {
          window.clearTimeout(hoverTimer.current);
          setShowWho(false);
        }}
        onPointerDown={onPointerDown}
        onPointerUp={endPress}
        onPointerCancel={endPress}
        onPointerLeave={endPress}
        // Holding a pill on a phone shows the names, not the browser's menu.
        onContextMenu={(event) => event.preventDefault()}
        className={clsx(
          "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm leading-none transition select-none focus-ring",
          mine
            ? "border-accent-line bg-accent-soft text-accent-fg hover:bg-accent-soft-strong"
            : "border-line bg-surface text-fg-secondary hover:bg-surface-muted",
        )}
      >
        <span aria-hidden>{emoji}</span>
        <span aria-hidden className="text-xs font-medium tabular-nums">
          {count}
        </span>
      </button>
      {showWho && <WhoTooltip id={tooltipId} messageId={messageId} emoji={emoji} />}
    </span>
  );
}

/** Who gave `emoji`: the first names and "and N others", as the pill's description. */
function WhoTooltip({ id, messageId, emoji }: { id: string; messageId: ReactableMessageId; emoji: ReactionEmoji }) {
  const who = useQuery(api.messageReactions.who, { messageId, emoji });
  const text =
    who === undefined
      ? "Loading…"
      : `${whoLine(
          who.people.map((person) => person.displayName),
          who.total,
        )} reacted with ${REACTION_NAMES[emoji]}`;
  return (
    <span
      id={id}
      role="tooltip"
      className="absolute bottom-full left-0 z-20 mb-1 w-max max-w-64 rounded-lg border border-line bg-surface px-2.5 py-1.5 text-xs leading-snug text-fg shadow-lg"
    >
      {text}
    </span>
  );
}
