import { v, type Infer } from "convex/values";

/** Enumerations of seed §3, shared by the schema and the functions that write them. */
export const RELIGIONS = ["Christianity", "Islam", "Hinduism", "Buddhism", "Judaism", "Atheism", "Other"] as const;
export const POLITICAL_VIEWS = [
  "Liberal",
  "Conservative",
  "Moderate",
  "Socialist",
  "Cosmopolitan",
  "Libertarian",
  "Other",
] as const;
export const PERSONAL_PRIORITIES = ["Family", "Career", "Health", "Wealth", "Spirituality", "Relationships"] as const;
export const IMPORTANT_IN_OTHERS = ["Honesty", "Intelligence", "Kindness", "Humor", "Ambition", "Loyalty"] as const;
export const HABIT_VIEWS = ["Never", "Occasionally", "Socially", "Regularly", "Against it"] as const;
export const TEMPERAMENTS = ["Sanguine", "Choleric", "Melancholic", "Phlegmatic"] as const;
export const MBTI_TYPES = [
  "INTJ",
  "INTP",
  "ENTJ",
  "ENTP",
  "INFJ",
  "INFP",
  "ENFJ",
  "ENFP",
  "ISTJ",
  "ISFJ",
  "ESTJ",
  "ESFJ",
  "ISTP",
  "ISFP",
  "ESTP",
  "ESFP",
] as const;
export const POST_CATEGORIES = ["psychology", "science", "art", "philosophy", "productivity", "uncategorized"] as const;

/** A validator for one of `values`, typed as their union (not plain string). */
function literals<T extends readonly [string, string, ...string[]]>(values: T) {
  const [a, b, ...rest] = values as unknown as [T[number], T[number], ...T[number][]];
  return v.union(v.literal(a), v.literal(b), ...rest.map((value) => v.literal(value)));
}

export const religionValidator = literals(RELIGIONS);
export const politicalViewsValidator = literals(POLITICAL_VIEWS);
export const personalPriorityValidator = literals(PERSONAL_PRIORITIES);
export const importantInOthersValidator = literals(IMPORTANT_IN_OTHERS);
export const habitViewValidator = literals(HABIT_VIEWS);
export const temperamentValidator = literals(TEMPERAMENTS);
export const mbtiValidator = literals(MBTI_TYPES);
export const postCategoryValidator = literals(POST_CATEGORIES);
export type PostCategory = (typeof POST_CATEGORIES)[number];

/**
 * An image is either a file in Convex storage (uploaded, resized in the browser first)
 * or a remote https URL (PRODUCT D3). Queries resolve both to a URL for the client.
 */
export const imageRefValidator = v.union(v.object({ storageId: v.id("_storage") }), v.object({ url: v.string() }));
export type ImageRef = Infer<typeof imageRefValidator>;

export const politicalCompassValidator = v.object({ x: v.number(), y: v.number() });

export const personalityValidator = v.object({
  introvertExtrovert: v.number(),
  emotionalLogical: v.number(),
  mbti: v.optional(mbtiValidator),
  temperament: v.optional(temperamentValidator),
  politicalCompass: politicalCompassValidator,
});
export type Personality = Infer<typeof personalityValidator>;

export const DEFAULT_PERSONALITY: Personality = {
  introvertExtrovert: 50,
  emotionalLogical: 50,
  politicalCompass: { x: 50, y: 50 },
};

/** Free-text profile fields of seed §3 (userInfo), all optional strings. */
export const PROFILE_TEXT_FIELDS = [
  "hometown",
  "work",
  "education",
  "mobile",
  "activities",
  "interests",
  "favoriteMusic",
  "favoriteMovies",
  "favoriteTVShow",
  "favoriteBooks",
  "favoriteGames",
  "favoriteQuote",
  "aboutMe",
  "inspiredBy",
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** Things that can be liked or viewed. */
export const likeTargetValidator = v.union(v.id("books"), v.id("posts"));
