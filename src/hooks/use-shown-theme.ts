import { useSyncExternalStore } from "react";
import { shownTheme, THEME_CHANGE_EVENT } from "@/lib/theme";

function subscribe(onChange: () => void): () => void {
  // index.html's script registered its listeners first, so data-theme is already updated here.
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  media.addEventListener("change", onChange);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
    media.removeEventListener("change", onChange);
  };
}

/** The theme on screen ("light" or "dark"), re-rendering when the choice or the system's setting changes. */
export function useShownTheme(): "light" | "dark" {
  return useSyncExternalStore(subscribe, shownTheme, () => "light" as const);
}
