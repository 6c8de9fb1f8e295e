import { useCallback, useSyncExternalStore } from "react";
import { readThemeChoice, saveThemeChoice, THEME_CHANGE_EVENT, type ThemeChoice } from "@/lib/theme";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The theme chosen on this device and a way to change it; every user of the hook follows a change. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => "system" as const);
  const choose = useCallback((next: ThemeChoice) => saveThemeChoice(next), []);
  return [choice, choose];
}
