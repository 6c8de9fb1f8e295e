import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button-styles";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { RadioChoices } from "@/components/ui/radio-choices";
import { useThemeChoice } from "@/hooks/use-theme-choice";
import type { ThemeChoice } from "@/lib/theme";

const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
const THEME_LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

/** The owner's settings under their profile: the colour theme (this device) and the way to the account's settings. */
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
      <p className="mt-4">
        <Link to={paths.settings.href()} className={buttonClass({ variant: "secondary" })}>
          Password, e-mail, devices and your data
        </Link>
      </p>
    </Card>
  );
}
