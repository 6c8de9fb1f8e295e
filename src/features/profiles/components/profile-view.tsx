import { PROFILE_TEXT_LABELS } from "@convex/shared/profile-fields";
import type { Profile } from "../profile-draft";
import { CHOICE_FIELDS, mbtiLabel, TEXT_SECTIONS } from "../profile-options";
import { PersonalitySlider } from "./personality-slider";
import { PoliticalCompass } from "./political-compass";
import { ProfileSection } from "./profile-section";

type Fact = { label: string; value: string | null | undefined; long?: boolean };

/** A definition list of the facts that are filled in, or a quiet line when none is. */
function Facts({ facts, emptyText }: { facts: Fact[]; emptyText: string }) {
  const filled = facts.filter((fact) => fact.value);
  if (filled.length === 0) return <p className="text-sm text-fg-subtle">{emptyText}</p>;
  return (
    <dl className="space-y-3">
      {filled.map((fact) => (
        <div key={fact.label}>
          <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{fact.label}</dt>
          <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-fg">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every userInfo field of seed §3, read-only, grouped as a profile page shows them. */
export function ProfileView({ profile }: { profile: Profile }) {
  const empty = profile.isOwner ? "Nothing here yet. Press Edit Profile to add it." : "Nothing shared yet.";
  const { personality } = profile;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        {TEXT_SECTIONS.map((section) => (
          <ProfileSection key={section.title} title={section.title}>
            <Facts
              emptyText={empty}
              facts={[
                ...section.fields.map(({ field }) => ({ label: PROFILE_TEXT_LABELS[field], value: profile[field] })),
                ...(section.title === "Basics" && profile.email
                  ? [{ label: "E-mail (only you see this)", value: profile.email }]
                  : []),
              ]}
            />
          </ProfileSection>
        ))}
      </div>
      <div className="space-y-4">
        <ProfileSection title="Views">
          <Facts
            emptyText={empty}
            facts={CHOICE_FIELDS.map(({ field, label }) => ({ label, value: profile[field] }))}
          />
        </ProfileSection>
        <ProfileSection title="Personality">
          <div className="space-y-5">
            <PersonalitySlider low="Introvert" high="Extrovert" value={personality.introvertExtrovert} />
            <PersonalitySlider low="Emotional" high="Logical" value={personality.emotionalLogical} />
            <Facts
              emptyText=""
              facts={[
                { label: "MBTI", value: personality.mbti ? mbtiLabel(personality.mbti) : null },
                { label: "Temperament", value: personality.temperament },
              ]}
            />
            <div>
              <h3 className="mb-2 text-sm font-semibold text-fg">Political compass</h3>
              <PoliticalCompass value={personality.politicalCompass} />
            </div>
          </div>
        </ProfileSection>
      </div>
    </div>
  );
}
