import { useMutation } from "convex/react";
import { UserRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorText } from "@/lib/error-text";
import { api } from "@convex/_generated/api";
import { DISPLAY_NAME_REQUIRED } from "@convex/shared/profile-fields";
import { LIMITS } from "@convex/shared/text";

/**
 * The one small step after the first sign-in: the name others will see on posts, books, comments
 * and the profile. Never guessed from the e-mail address (which stays private); skippable, and
 * changeable later on the profile page. It is not a dialog, so nothing on the page is blocked.
 */
export default function NameStep() {
  const update = useMutation(api.profiles.update);
  const skip = useMutation(api.profiles.skipNameStep);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(errorText(failure, "Could not save your name. Please try again."));
      setBusy(false);
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") {
      setError(DISPLAY_NAME_REQUIRED);
      return;
    }
    void run(() => update({ displayName: name }));
  }

  return (
    <section
      aria-labelledby="name-step-heading"
      className="mx-auto mt-4 max-w-xl rounded-2xl border border-accent-soft-strong bg-accent-soft p-4 shadow-sm sm:p-5"
    >
      <form onSubmit={save} noValidate className="space-y-3">
        <div className="flex items-start gap-3">
          <UserRound aria-hidden className="mt-0.5 size-6 shrink-0 text-accent-fg" />
          <div>
            <h2 id="name-step-heading" className="text-base font-semibold text-fg">
              What should others call you?
            </h2>
            <p className="text-sm text-fg-secondary">
              This name appears on your posts, books, comments and profile. You can change it later on your profile
              page.
            </p>
          </div>
        </div>
        <TextField
          label="Your name"
          value={name}
          onChange={setName}
          maxLength={LIMITS.displayName}
          counter
          limitName="Names"
        />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={busy} onClick={() => void run(() => skip({}))}>
            Not now
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            Save name
          </Button>
        </div>
      </form>
    </section>
  );
}
