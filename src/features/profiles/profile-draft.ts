import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { PROFILE_TEXT_FIELDS, type Personality, type ProfileTextField } from "@convex/shared/validators";
import { CHOICE_FIELDS, type ChoiceField } from "./profile-options";

/** What the account page gets for one user (profiles:get), once it exists. */
export type Profile = NonNullable<FunctionReturnType<typeof api.profiles.get>>;
export type ProfileUpdate = FunctionArgs<typeof api.profiles.update>;

/** The edit form's state: every field as the inputs hold it ('' for an empty select). */
export type ProfileDraft = {
  displayName: string;
  texts: Record<ProfileTextField, string>;
  choices: Record<ChoiceField, string>;
  personality: Personality;
};

export function draftFrom(profile: Profile): ProfileDraft {
  return {
    displayName: profile.displayName,
    texts: Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, profile[field]])) as Record<
      ProfileTextField,
      string
    >,
    choices: Object.fromEntries(CHOICE_FIELDS.map(({ field }) => [field, profile[field] ?? ""])) as Record<
      ChoiceField,
      string
    >,
    personality: profile.personality,
  };
}

/** The save's arguments: the whole draft, an empty select sent as null (which clears it). */
export function updateFrom(draft: ProfileDraft): ProfileUpdate {
  const choices = Object.fromEntries(
    CHOICE_FIELDS.map(({ field }) => [field, draft.choices[field] === "" ? null : draft.choices[field]]),
  );
  const { mbti, temperament, ...scales } = draft.personality;
  return {
    displayName: draft.displayName,
    ...draft.texts,
    ...choices,
    personality: { ...scales, ...(mbti ? { mbti } : {}), ...(temperament ? { temperament } : {}) },
  } as ProfileUpdate;
}

/** Whether the draft differs from what editing started from (a missing key and `undefined` are the same). */
export function draftChanged(start: ProfileDraft, draft: ProfileDraft): boolean {
  return !sameValue(start, draft);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameValue(left[key], right[key]));
}
