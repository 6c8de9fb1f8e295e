import { ConvexError } from "convex/values";
import type { Personality, ProfileTextField } from "./validators";
import { cleanText, LIMITS } from "./text";

/**
 * Length limits of the free-text profile fields, shared by the server (which enforces them) and
 * the edit form (which shows them as maxLength): short facts get a line, the rest a paragraph.
 */
export const PROFILE_TEXT_LIMITS: Record<ProfileTextField, number> = {
  hometown: 120,
  work: 120,
  education: 120,
  mobile: 40,
  activities: LIMITS.profileField,
  interests: LIMITS.profileField,
  favoriteMusic: LIMITS.profileField,
  favoriteMovies: LIMITS.profileField,
  favoriteTVShow: LIMITS.profileField,
  favoriteBooks: LIMITS.profileField,
  favoriteGames: LIMITS.profileField,
  favoriteQuote: 500,
  aboutMe: 2000,
  inspiredBy: 500,
};

/** How each field is named in messages and on the form. */
export const PROFILE_TEXT_LABELS: Record<ProfileTextField, string> = {
  hometown: "Hometown",
  work: "Work",
  education: "Education",
  mobile: "Mobile",
  activities: "Activities",
  interests: "Interests",
  favoriteMusic: "Favorite music",
  favoriteMovies: "Favorite movies",
  favoriteTVShow: "Favorite TV shows",
  favoriteBooks: "Favorite books",
  favoriteGames: "Favorite games",
  favoriteQuote: "Favorite quote",
  aboutMe: "About me",
  inspiredBy: "Inspired by",
};

export const DISPLAY_NAME_REQUIRED = "Display name is required";
export const SCALE_OUT_OF_RANGE = "Personality and compass values must be whole numbers from 0 to 100";

/** The name others see: trimmed, non-empty, at most LIMITS.displayName characters. */
export function cleanDisplayName(name: string): string {
  if (name.trim().length === 0) throw new ConvexError(DISPLAY_NAME_REQUIRED);
  return cleanText(name, "Display name", LIMITS.displayName);
}

/** A slider or compass value: a whole number 0–100 (seed §9); anything else is refused. */
function checkScale(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 100) throw new ConvexError(SCALE_OUT_OF_RANGE);
  return value;
}

/** Checks every number of a personality; the enumerations were already checked by the validator. */
export function cleanPersonality(personality: Personality): Personality {
  return {
    introvertExtrovert: checkScale(personality.introvertExtrovert),
    emotionalLogical: checkScale(personality.emotionalLogical),
    ...(personality.mbti ? { mbti: personality.mbti } : {}),
    ...(personality.temperament ? { temperament: personality.temperament } : {}),
    politicalCompass: {
      x: checkScale(personality.politicalCompass.x),
      y: checkScale(personality.politicalCompass.y),
    },
  };
}
