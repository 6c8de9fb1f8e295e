import {
  HABIT_VIEWS,
  IMPORTANT_IN_OTHERS,
  MBTI_TYPES,
  PERSONAL_PRIORITIES,
  POLITICAL_VIEWS,
  RELIGIONS,
  TEMPERAMENTS,
  type ProfileTextField,
} from "@convex/shared/validators";

type MbtiType = (typeof MBTI_TYPES)[number];

/** The 16 MBTI types with nicknames of our own (the seed's list was not shown). */
export const MBTI_NICKNAMES: Record<MbtiType, string> = {
  INTJ: "The Master Planner",
  INTP: "The Idea Tinkerer",
  ENTJ: "The Trailblazer",
  ENTP: "The Spark",
  INFJ: "The Quiet Visionary",
  INFP: "The Dreamer",
  ENFJ: "The Mentor",
  ENFP: "The Free Spirit",
  ISTJ: "The Steady Keeper",
  ISFJ: "The Caretaker",
  ESTJ: "The Organizer",
  ESFJ: "The Host",
  ISTP: "The Fixer",
  ISFP: "The Gentle Artist",
  ESTP: "The Daredevil",
  ESFP: "The Showstopper",
};

export function mbtiLabel(type: MbtiType): string {
  return `${type} – ${MBTI_NICKNAMES[type]}`;
}

/** The selects of the profile (seed §3 enumerations), in the order the page shows them. */
export const CHOICE_FIELDS = [
  { field: "religion", label: "Religion", options: RELIGIONS },
  { field: "politicalViews", label: "Political views", options: POLITICAL_VIEWS },
  { field: "personalPriority", label: "Personal priority", options: PERSONAL_PRIORITIES },
  { field: "importantInOthers", label: "Important in others", options: IMPORTANT_IN_OTHERS },
  { field: "viewsOnSmoking", label: "Views on smoking", options: HABIT_VIEWS },
  { field: "viewsOnAlcohol", label: "Views on alcohol", options: HABIT_VIEWS },
] as const;
export type ChoiceField = (typeof CHOICE_FIELDS)[number]["field"];

export { MBTI_TYPES, TEMPERAMENTS };

/** The text fields grouped as a profile page shows them; `long` ones get a paragraph box. */
export const TEXT_SECTIONS: { title: string; fields: { field: ProfileTextField; long?: boolean }[] }[] = [
  {
    title: "About",
    fields: [
      { field: "aboutMe", long: true },
      { field: "inspiredBy", long: true },
      { field: "favoriteQuote", long: true },
    ],
  },
  {
    title: "Basics",
    fields: [{ field: "hometown" }, { field: "work" }, { field: "education" }, { field: "mobile" }],
  },
  {
    title: "Interests and favourites",
    fields: [
      { field: "activities", long: true },
      { field: "interests", long: true },
      { field: "favoriteMusic", long: true },
      { field: "favoriteMovies", long: true },
      { field: "favoriteTVShow", long: true },
      { field: "favoriteBooks", long: true },
      { field: "favoriteGames", long: true },
    ],
  },
];
