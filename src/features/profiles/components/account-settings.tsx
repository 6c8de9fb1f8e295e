import { Card } from "@/components/ui/card";
import { RadioChoices } from "@/components/ui/radio-choices";
import { useThemeChoice } from "@/hooks/use-theme-choice";
import type { ThemeChoice } from "@/lib/theme";

const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
const THEME_LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

/** The owner's settings under their profile: for now the colour theme, kept on this device. */
export function AccountSettings() {
  const [theme, setTheme] = useThemeChoice();
  return (
    <Card as="section" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title" className="text-lg font-semibold text-fg">
        Settings
      </h2>
      <div className="mt-3 max-w-md">
        <RadioChoices
          name="theme"
          legend="Appearance"
          choices={THEME_CHOICES}
          labels={THEME_LABELS}
          value={theme}
          onChange={setTheme}
        />
        <p className="mt-2 text-xs text-fg-subtle">Saved on this device. System follows your device&apos;s setting.</p>
      </div>
    </Card>
  );
}
