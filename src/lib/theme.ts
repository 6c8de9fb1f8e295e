/**
 * The colour theme a person chose on this device: System (follow the device), Light or Dark.
 * index.html's inline script applies it before the first paint and re-applies it when the choice
 * or the system's setting changes; this module saves a choice and tells that script.
 */
export type ThemeChoice = "system" | "light" | "dark";

export const THEME_STORAGE_KEY = "dumy.theme";
/** The event index.html's script listens to (a `storage` event only reaches other tabs). */
export const THEME_CHANGE_EVENT = "dumy:theme";

export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === "light" || saved === "dark" ? saved : "system";
  } catch {
    return "system";
  }
}

export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice still applies to this page below.
  }
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
  if (readThemeChoice() !== choice) applyTheme(choice === "dark" || (choice === "system" && systemPrefersDark()));
}

/** The theme on screen now, as index.html's script set it. */
export function shownTheme(): "light" | "dark" {
  return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
}

function systemPrefersDark(): boolean {
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

function applyTheme(dark: boolean): void {
  document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
}
