import { clsx } from "clsx";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { IconButton } from "./icon-button";

export type MenuItem = {
  /** The item's text, also its accessible name. */
  label: string;
  /** An icon before the text, drawn `aria-hidden`. */
  icon?: ReactNode;
  /** Runs after the menu closed and the focus went back to the button (so a dialog it opens returns it there). */
  onSelect: () => void;
  tone?: "neutral" | "danger";
};

type MenuButtonProps = {
  /** The button's accessible name, which also names the menu. */
  label: string;
  title?: string;
  /** The button's icon, drawn `aria-hidden`. */
  icon: ReactNode;
  items: MenuItem[];
  /** Which edge of the positioned box the menu lines up with. */
  align?: "start" | "end";
  /**
   * What the menu is placed against: the button itself, or the nearest positioned ancestor (the
   * caller's `relative` row), when the button may sit near either edge of the screen.
   */
  anchor?: "button" | "parent";
  /** The caller's handle on the button, to give it the focus back after a follow-up panel. */
  triggerRef?: RefObject<HTMLButtonElement | null>;
  className?: string;
  buttonClassName?: string;
};

/** The room a menu needs above or below its button before it opens that way (5 items of 44 px). */
const MENU_ROOM_PX = 240;

/**
 * Whether a popup from `element` should open upwards: in the lower half of the screen, or where
 * there is not enough room below. Chat histories stick to the bottom, so most actions are low.
 */
export function opensUpward(element: Element | null): boolean {
  if (element === null) return false;
  const { top, bottom } = element.getBoundingClientRect();
  const roomBelow = window.innerHeight - bottom;
  return roomBelow < MENU_ROOM_PX && top > roomBelow;
}

/**
 * A round icon button that opens a small list of actions: the WAI-ARIA menu button pattern.
 * Enter, Space or a click opens it on its first item (ArrowUp on the button: the last); arrow
 * keys, Home and End move between items (wrapping) and a letter jumps to the next item that starts
 * with it; Escape closes it and gives the focus back to the button; Tab or a click elsewhere
 * closes it. The menu stays in the DOM right after its button, so Tab order is unchanged.
 */
export function MenuButton({
  label,
  title,
  icon,
  items,
  align = "end",
  anchor = "button",
  triggerRef,
  className,
  buttonClassName,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  /** Which item takes the focus once the menu is drawn: the first, or the last (ArrowUp). */
  const [startAt, setStartAt] = useState<"first" | "last">("first");
  const menuId = useId();
  const buttonId = useId();
  const ownTrigger = useRef<HTMLButtonElement>(null);
  const trigger = triggerRef ?? ownTrigger;
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const entries = menuItems(menu.current);
    (startAt === "last" ? entries.at(-1) : entries[0])?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [open, startAt, trigger]);

  function openAt(start: "first" | "last") {
    setUpward(opensUpward(trigger.current));
    setStartAt(start);
    setOpen(true);
  }

  function closeAndRefocus() {
    setOpen(false);
    trigger.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowUp" ? "last" : "first");
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = menuItems(menu.current);
    const index = entries.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === "Escape") {
      event.preventDefault();
      // Only this menu closes, not a dialog around it.
      event.stopPropagation();
      closeAndRefocus();
      return;
    }
    if (event.key === "Tab") {
      // The focus moves on as usual; the menu just goes away.
      setOpen(false);
      return;
    }
    if (event.key === "ArrowDown") next = entries[(index + 1) % entries.length];
    else if (event.key === "ArrowUp") next = entries[(index - 1 + entries.length) % entries.length];
    else if (event.key === "Home") next = entries[0];
    else if (event.key === "End") next = entries.at(-1);
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const after = [...entries.slice(index + 1), ...entries.slice(0, index + 1)];
      next = after.find((entry) => entry.textContent?.trim().toLowerCase().startsWith(letter));
    }
    if (next === undefined) return;
    event.preventDefault();
    next.focus();
  }

  return (
    <div className={clsx(anchor === "button" && "relative", "shrink-0", className)}>
      <IconButton
        ref={trigger}
        id={buttonId}
        label={label}
        title={title}
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt("first"))}
        onKeyDown={onButtonKeyDown}
        // Open, it keeps the accent look of a pressed toggle.
        className={clsx("aria-expanded:bg-accent-soft aria-expanded:text-accent-fg", buttonClassName)}
      >
        {icon}
      </IconButton>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className={clsx(
            "absolute z-30 flex w-max min-w-44 flex-col rounded-xl border border-line bg-surface p-1 shadow-xl",
            upward ? "bottom-full mb-1" : "top-full mt-1",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                closeAndRefocus();
                item.onSelect();
              }}
              className={clsx(
                "flex min-h-11 items-center gap-3 rounded-lg px-3 text-left text-sm font-medium transition focus-ring",
                item.tone === "danger"
                  ? "text-danger hover:bg-danger-soft focus-visible:bg-danger-soft"
                  : "text-fg hover:bg-surface-muted focus-visible:bg-surface-muted",
              )}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}
