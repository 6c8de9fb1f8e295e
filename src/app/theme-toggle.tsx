import { Moon, Sun } from "lucide-react";
import { useShownTheme } from "@/hooks/use-shown-theme";
import { saveThemeChoice } from "@/lib/theme";

/**
 * The top bar's quick switch between the light and the dark theme, saved on this device; the
 * account page's Settings also offer System (follow the device).
 */
export function ThemeToggle({ className }: { className?: string }) {
  const dark = useShownTheme() === "dark";
  const Icon = dark ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={() => saveThemeChoice(dark ? "light" : "dark")}
      aria-label={dark ? "Switch to the light theme" : "Switch to the dark theme"}
      title={dark ? "Light theme" : "Dark theme"}
      className={`items-center justify-center rounded-full p-3 text-fg-muted hover:bg-surface-muted hover:text-fg focus-ring ${className ?? "inline-flex"}`}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}
