import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { PROFILE_TEXT_LABELS, PROFILE_TEXT_LIMITS } from "@convex/shared/profile-fields";
import { LIMITS } from "@convex/shared/text";
import { MBTI_TYPES, TEMPERAMENTS, type Personality } from "@convex/shared/validators";
import type { ProfileDraft } from "../profile-draft";
import { CHOICE_FIELDS, mbtiLabel, TEXT_SECTIONS } from "../profile-options";
import { PersonalitySlider } from "./personality-slider";
import { PoliticalCompass } from "./political-compass";
import { ProfileSection } from "./profile-section";
import { SelectField } from "./select-field";

export const PROFILE_FORM_ID = "profile-form";

type ProfileEditFormProps = {
  draft: ProfileDraft;
  saving: boolean;
  onCancel: () => void;
  onChange: (draft: ProfileDraft) => void;
  onSubmit: () => void;
  /** A problem to show above the fields (e.g. a blank name), or null. */
  error: string | null;
};

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The owner's edit mode: every field of the profile as inputs, grouped like the view.
 * The header's Save Profile button submits it (form attribute), so Enter in a field saves too.
 */
export function ProfileEditForm({ draft, saving, onCancel, onChange, onSubmit, error }: ProfileEditFormProps) {
  const setPersonality = (changes: Partial<Personality>) =>
    onChange({ ...draft, personality: { ...draft.personality, ...changes } });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form id={PROFILE_FORM_ID} onSubmit={submit} noValidate className="space-y-4">
      {error && (
        <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <ProfileSection title="Name">
            <TextField
              label="Display name"
              // Edit Profile is replaced by Save and Cancel: the keyboard focus starts here.
              autoFocus
              required
              maxLength={LIMITS.displayName}
              counter
              limitName="Names"
              value={draft.displayName}
              onChange={(displayName) => onChange({ ...draft, displayName })}
            />
          </ProfileSection>
          {TEXT_SECTIONS.map((section) => (
            <ProfileSection key={section.title} title={section.title}>
              <div className="space-y-3">
                {section.fields.map(({ field, long }) => {
                  const fieldProps = {
                    label: PROFILE_TEXT_LABELS[field],
                    maxLength: PROFILE_TEXT_LIMITS[field],
                    value: draft.texts[field],
                    onChange: (value: string) => onChange({ ...draft, texts: { ...draft.texts, [field]: value } }),
                  };
                  return long ? (
                    <TextArea key={field} {...fieldProps} rows={3} />
                  ) : (
                    <TextField key={field} {...fieldProps} counter />
                  );
                })}
              </div>
            </ProfileSection>
          ))}
        </div>
        <div className="space-y-4">
          <ProfileSection title="Views">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              {CHOICE_FIELDS.map(({ field, label, options: values }) => (
                <SelectField
                  key={field}
                  label={label}
                  value={draft.choices[field]}
                  options={options(values)}
                  onChange={(value) => onChange({ ...draft, choices: { ...draft.choices, [field]: value } })}
                />
              ))}
            </div>
          </ProfileSection>
          <ProfileSection title="Personality">
            <div className="space-y-5">
              <PersonalitySlider
                low="Introvert"
                high="Extrovert"
                value={draft.personality.introvertExtrovert}
                onChange={(introvertExtrovert) => setPersonality({ introvertExtrovert })}
              />
              <PersonalitySlider
                low="Emotional"
                high="Logical"
                value={draft.personality.emotionalLogical}
                onChange={(emotionalLogical) => setPersonality({ emotionalLogical })}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label="MBTI type"
                  value={draft.personality.mbti ?? ""}
                  options={MBTI_TYPES.map((type) => ({ value: type, label: mbtiLabel(type) }))}
                  onChange={(mbti) => setPersonality({ mbti: (mbti || undefined) as Personality["mbti"] })}
                />
                <SelectField
                  label="Temperament"
                  value={draft.personality.temperament ?? ""}
                  options={options(TEMPERAMENTS)}
                  onChange={(temperament) =>
                    setPersonality({ temperament: (temperament || undefined) as Personality["temperament"] })
                  }
                />
              </div>
              <div>
                <h3 className="mb-2 text-sm font-semibold text-fg">Political compass</h3>
                <PoliticalCompass
                  value={draft.personality.politicalCompass}
                  onChange={(politicalCompass) => setPersonality({ politicalCompass })}
                />
              </div>
            </div>
          </ProfileSection>
        </div>
      </div>
      {/* The form is long on a phone: its end offers the header's Save and Cancel again. */}
      <div className="flex justify-end gap-2">
        <ShortcutHint action="save" className="mr-auto self-center" />
        <Button variant="secondary" onClick={onCancel} aria-disabled={saving}>
          Cancel editing
        </Button>
        <Button type="submit" variant="primary" loading={saving} loadingLabel="Saving...">
          Save changes
        </Button>
      </div>
    </form>
  );
}
