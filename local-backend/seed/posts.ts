/**
 * Demo posts for a fresh local backend: sixteen short posts by Alice, Bob and Carol over all six
 * categories, each with a picture drawn here as a small SVG (no network, nothing copied), plus
 * likes, views and comments in different amounts so every sort of the feed shows a different
 * order. Everything goes through the public functions as the demo users, so the server's rules,
 * counters and page totals hold exactly as they would for posts added in the browser.
 */
import type { Id } from "../../convex/_generated/dataModel";
import type { PostCategory } from "../../convex/shared/validators";
import { daysAgoAt, type SeedContext } from "./run-seed";

type DemoUser = "alice" | "bob" | "carol";

type DemoPost = {
  by: DemoUser;
  category: PostCategory;
  title: string;
  description: string;
  likedBy?: DemoUser[];
  viewedBy?: DemoUser[];
  comments?: { by: DemoUser; text: string }[];
};

/** Two colours and a motif per category, so a card's picture hints at its category. */
const ART: Record<
  PostCategory,
  { colors: [string, string]; motif: "waves" | "orbits" | "blocks" | "rings" | "steps" | "dots" }
> = {
  psychology: { colors: ["#7c3aed", "#f0abfc"], motif: "waves" },
  science: { colors: ["#0f172a", "#38bdf8"], motif: "orbits" },
  art: { colors: ["#be123c", "#fde047"], motif: "blocks" },
  philosophy: { colors: ["#3f3f46", "#d6d3d1"], motif: "rings" },
  productivity: { colors: ["#065f46", "#a3e635"], motif: "steps" },
  uncategorized: { colors: ["#9a3412", "#fdba74"], motif: "dots" },
};

// Listed oldest first: the feed sorted by date shows the last one first.
const DEMO_POSTS: DemoPost[] = [
  {
    by: "alice",
    category: "psychology",
    title: "Why we remember unfinished tasks",
    description:
      "The Zeigarnik effect: interrupted tasks stay on our minds longer than finished ones.\n\nI now stop writing mid-sentence at the end of the day. Starting again the next morning is much easier.",
    likedBy: ["bob", "carol"],
    viewedBy: ["bob", "carol"],
    comments: [
      { by: "bob", text: "Trying this tomorrow." },
      { by: "carol", text: "Hemingway did the same, I think!" },
    ],
  },
  {
    by: "bob",
    category: "science",
    title: "How far away is the horizon?",
    description:
      "For a person of average height standing at the sea, about 5 km.\nClimb a 100 m hill and it moves to roughly 36 km.",
    likedBy: ["alice"],
    viewedBy: ["alice", "carol"],
  },
  {
    by: "carol",
    category: "art",
    title: "Painting with only three colours",
    description:
      "A week-long challenge: red, yellow, blue and white.\nMixing greens from scratch taught me more than any tutorial.",
    likedBy: ["alice", "bob"],
    viewedBy: ["alice", "bob"],
    comments: [{ by: "alice", text: "Please share the results!" }],
  },
  {
    by: "alice",
    category: "philosophy",
    title: "The ship of Theseus, at home",
    description:
      "If every part of my old bicycle has been replaced, is it still my old bicycle?\nMy answer changes every time I ride it.",
    viewedBy: ["bob"],
    comments: [
      { by: "bob", text: "It is the same bicycle as long as it has the same squeak." },
      { by: "carol", text: "Identity is a story we tell about things." },
      { by: "alice", text: "Both good answers." },
    ],
  },
  {
    by: "bob",
    category: "productivity",
    title: "Two-minute rule",
    description: "If something takes less than two minutes, do it now.\nMy inbox has never been this small.",
    likedBy: ["alice", "carol"],
    viewedBy: ["alice", "carol"],
  },
  {
    by: "carol",
    category: "uncategorized",
    title: "Our balcony tomatoes",
    description: "Planted in April, first red one today.\nIt tasted like summer.",
    likedBy: ["bob"],
  },
  {
    by: "alice",
    category: "science",
    title: "Why is the sky blue?",
    description:
      "Shorter wavelengths scatter more in the air (Rayleigh scattering), so blue light reaches us from every direction.",
    viewedBy: ["bob", "carol"],
    comments: [{ by: "carol", text: "And sunsets are red for the same reason." }],
  },
  {
    by: "bob",
    category: "psychology",
    title: "The spotlight effect",
    description:
      "We think others notice our mistakes far more than they do.\nKnowing this made presentations less scary for me.",
    likedBy: ["carol"],
    viewedBy: ["carol"],
  },
  {
    by: "carol",
    category: "philosophy",
    title: "Is boredom useful?",
    description:
      "Some of my best ideas came on long walks without headphones.\nMaybe boredom is the mind asking for something new.",
    likedBy: ["alice", "bob"],
    viewedBy: ["alice", "bob"],
    comments: [{ by: "bob", text: "Agreed. I leave my phone at home on Sundays." }],
  },
  {
    by: "alice",
    category: "art",
    title: "Sketching people on the train",
    description: "Quick five-second gestures. Most are terrible, a few are alive.\nThat ratio is fine.",
    viewedBy: ["carol"],
  },
  {
    by: "bob",
    category: "science",
    title: "Octopuses have three hearts",
    description: "Two pump blood through the gills, one through the body.\nAnd their blood is blue, thanks to copper.",
    likedBy: ["alice", "carol"],
    viewedBy: ["alice", "carol"],
    comments: [
      { by: "alice", text: "Nature is wild." },
      { by: "carol", text: "Three hearts and still no bones." },
    ],
  },
  {
    by: "carol",
    category: "productivity",
    title: "A to-do list with only three lines",
    description: "Every evening I write the three things that matter tomorrow.\nAnything else is a bonus.",
    viewedBy: ["alice"],
  },
  {
    by: "alice",
    category: "uncategorized",
    title: "Found a 1970s camera at a flea market",
    description: "It still works. The first roll of film is at the lab.\nFingers crossed.",
    likedBy: ["carol"],
    comments: [{ by: "bob", text: "Which film did you load?" }],
  },
  {
    by: "bob",
    category: "philosophy",
    title: "Stoic morning questions",
    description:
      "What is in my control today? What is not?\nWriting both lists takes a minute and calms the whole day.",
    likedBy: ["alice"],
    viewedBy: ["alice"],
  },
  {
    by: "carol",
    category: "psychology",
    title: "Habits stick to places",
    description:
      "Reading in the same chair every evening made it automatic within two weeks.\nThe chair does half the work.",
    viewedBy: ["alice", "bob"],
  },
  {
    by: "alice",
    category: "science",
    title: "Bananas are slightly radioactive",
    description: "They contain potassium-40. You would need to eat millions at once for it to matter.",
    likedBy: ["bob"],
    viewedBy: ["bob"],
  },
];

/** Posts follow the books (see run-seed.ts `order`) and come before anything dated now. */
export const order = 20;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** The first post came this many days ago, then about one a day; the last one a few hours ago. */
const FIRST_POST_DAYS_AGO = 16;
const LAST_POST_HOURS_AGO = 3;

export async function seed(ctx: SeedContext): Promise<void> {
  const userId = (user: DemoUser): Id<"users"> => ctx.users[user];
  const start = Date.now();
  for (const [index, post] of DEMO_POSTS.entries()) {
    // Spread over past days so sorting by Date shows a visible order, the newest "3 h ago".
    const postedAt =
      index === DEMO_POSTS.length - 1
        ? start - LAST_POST_HOURS_AGO * HOUR
        : daysAgoAt(start, FIRST_POST_DAYS_AGO - index, 8 + ((index * 7) % 10));
    const storageId = await ctx.asOf(postedAt, () =>
      ctx.storeFile(new Blob([pictureSvg(post.category, index)], { type: "image/svg+xml" }), userId(post.by)),
    );
    const postId = (await ctx.asOf(postedAt, () =>
      ctx.mutationAs(userId(post.by), "posts:create", {
        title: post.title,
        description: post.description,
        category: post.category,
        image: { storageId },
      }),
    )) as Id<"posts">;
    // Readers come by in the following hours.
    let reactions = 0;
    const later = <T>(fn: () => Promise<T>) => ctx.asOf(postedAt + ++reactions * 19 * MINUTE, fn);
    for (const reader of post.viewedBy ?? []) {
      await later(() => ctx.mutationAs(userId(reader), "posts:recordView", { postId }));
    }
    for (const reader of post.likedBy ?? []) {
      await later(() => ctx.mutationAs(userId(reader), "posts:toggleLike", { postId }));
    }
    for (const comment of post.comments ?? []) {
      await later(() => ctx.mutationAs(userId(comment.by), "postComments:add", { postId, text: comment.text }));
    }
  }
}

/** A 640×480 abstract picture: the category's gradient and motif, varied by `seed`. */
function pictureSvg(category: PostCategory, seed: number): string {
  const { colors, motif } = ART[category];
  const [dark, light] = colors;
  const shift = (seed * 37) % 120;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#g)"/>
${motifShapes(motif, shift)}
</svg>`;
}

function motifShapes(motif: (typeof ART)[PostCategory]["motif"], shift: number): string {
  const white = (opacity: number) => `fill="none" stroke="#fff" stroke-opacity="${opacity}"`;
  switch (motif) {
    case "waves":
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<path d="M0 ${160 + i * 60} Q160 ${100 + i * 60 + shift / 2} 320 ${160 + i * 60} T640 ${160 + i * 60}" ${white(0.35)} stroke-width="10"/>`,
        )
        .join("");
    case "orbits":
      return `<circle cx="${320 + shift / 3}" cy="240" r="40" fill="#fde68a"/>${[90, 150, 210]
        .map(
          (r, i) =>
            `<ellipse cx="${320 + shift / 3}" cy="240" rx="${r + 40}" ry="${r / 2}" ${white(0.4)} stroke-width="4" transform="rotate(${-20 + i * 25} ${320 + shift / 3} 240)"/>`,
        )
        .join("")}`;
    case "blocks":
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${60 + i * 130 + (shift % 40)}" y="${90 + ((i * 70 + shift) % 180)}" width="110" height="${140 + i * 20}" rx="12" fill="#fff" fill-opacity="${0.15 + i * 0.1}"/>`,
        )
        .join("");
    case "rings":
      return [60, 110, 160, 210]
        .map((r) => `<circle cx="${200 + shift}" cy="240" r="${r}" ${white(0.3)} stroke-width="12"/>`)
        .join("");
    case "steps":
      return [0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<rect x="${40 + i * 95}" y="${400 - i * 55 - (shift % 30)}" width="90" height="${80 + i * 55}" fill="#fff" fill-opacity="0.22"/>`,
        )
        .join("");
    case "dots":
      return Array.from({ length: 24 }, (_, i) => {
        const x = 40 + ((i * 97 + shift * 3) % 560);
        const y = 40 + ((i * 61 + shift * 2) % 400);
        return `<circle cx="${x}" cy="${y}" r="${10 + (i % 5) * 7}" fill="#fff" fill-opacity="0.25"/>`;
      }).join("");
  }
}
