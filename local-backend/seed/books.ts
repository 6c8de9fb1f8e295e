/**
 * Demo books for a fresh local backend: ten classics shared by Alice, Bob and Carol, each with a
 * cover drawn here as a small SVG (no network, nothing copied), plus a few likes, views and
 * comments. Everything goes through the public functions as the demo users, so the server's
 * rules, counters and page totals hold exactly as they would for books added in the browser.
 */
import type { Id } from "../../convex/_generated/dataModel";
import { daysAgoAt, type SeedContext } from "./run-seed";

type DemoUser = "alice" | "bob" | "carol";

type DemoBook = {
  by: DemoUser;
  title: string;
  author: string;
  description: string;
  contact?: string;
  colors: [string, string];
  likedBy?: DemoUser[];
  viewedBy?: DemoUser[];
  comments?: { by: DemoUser; text: string }[];
};

// Listed oldest first: the board shows the last one at the top of page 1.
const DEMO_BOOKS: DemoBook[] = [
  {
    by: "alice",
    title: "Pride and Prejudice",
    author: "Jane Austen",
    description: "Paperback, a little worn at the corners.\nPencil notes in the first chapters only.",
    contact: "Message me on my profile, I can meet near the central library.",
    colors: ["#9f1239", "#fb7185"],
    likedBy: ["bob", "carol"],
    viewedBy: ["bob", "carol"],
    comments: [
      { by: "bob", text: "Is this still available? I would swap it for a Dickens." },
      { by: "alice", text: "It is! Bring the Dickens on Saturday." },
    ],
  },
  {
    by: "bob",
    title: "Moby-Dick",
    author: "Herman Melville",
    description: "Hardcover with the full text. Heavy, but worth every page.",
    colors: ["#0c4a6e", "#38bdf8"],
    likedBy: ["alice"],
    viewedBy: ["alice"],
  },
  {
    by: "carol",
    title: "Frankenstein",
    author: "Mary Shelley",
    description: "The 1818 text, with an introduction and notes.",
    contact: "carol@example.com",
    colors: ["#14532d", "#4ade80"],
    viewedBy: ["alice", "bob"],
    comments: [{ by: "alice", text: "One of my favourites. The letters at the start are wonderful." }],
  },
  {
    by: "alice",
    title: "The Count of Monte Cristo",
    author: "Alexandre Dumas",
    description: "Unabridged translation, two volumes in one.\nLooking for someone who will actually finish it!",
    colors: ["#312e81", "#818cf8"],
    likedBy: ["carol"],
  },
  {
    by: "bob",
    title: "Great Expectations",
    author: "Charles Dickens",
    description: "Good condition. The one I promised to Alice, if she still wants it.",
    colors: ["#78350f", "#fbbf24"],
    likedBy: ["alice", "carol"],
    viewedBy: ["alice", "carol"],
  },
  {
    by: "carol",
    title: "Little Women",
    author: "Louisa May Alcott",
    description: "Illustrated edition, gently read.",
    colors: ["#831843", "#f9a8d4"],
  },
  {
    by: "alice",
    title: "Crime and Punishment",
    author: "Fyodor Dostoevsky",
    description: "A newer translation with a helpful list of names at the front.",
    contact: "Ask in the comments.",
    colors: ["#1c1917", "#a8a29e"],
    viewedBy: ["bob"],
    comments: [{ by: "carol", text: "Which translation is it?" }],
  },
  {
    by: "bob",
    title: "The Odyssey",
    author: "Homer",
    description: "Verse translation. Some underlining in book nine (the cyclops, of course).",
    colors: ["#134e4a", "#2dd4bf"],
    likedBy: ["carol"],
  },
  {
    by: "carol",
    title: "Jane Eyre",
    author: "Charlotte Brontë",
    description: "Pocket edition, fits in any bag.",
    colors: ["#4c1d95", "#c084fc"],
    likedBy: ["alice", "bob"],
    viewedBy: ["alice", "bob"],
  },
  {
    by: "alice",
    title: "Around the World in Eighty Days",
    author: "Jules Verne",
    description: "A quick, happy read for a long train journey.\nFree to a good home.",
    colors: ["#7c2d12", "#fb923c"],
    likedBy: ["bob"],
    comments: [{ by: "bob", text: "Perfect for my trip next month, may I take it?" }],
  },
];

/** Books come first among the demo content (see run-seed.ts `order`): they are the oldest. */
export const order = 10;

const MINUTE = 60 * 1000;
/** The first book came this many days ago, then one a day. */
const FIRST_BOOK_DAYS_AGO = 29;

export async function seed(ctx: SeedContext): Promise<void> {
  const userId = (user: DemoUser): Id<"users"> => ctx.users[user];
  const start = Date.now();
  for (const [index, book] of DEMO_BOOKS.entries()) {
    // One book a day at different hours, so the board's order shows in the dates.
    const postedAt = daysAgoAt(start, FIRST_BOOK_DAYS_AGO - index, 8 + ((index * 5) % 9));
    const storageId = await ctx.asOf(postedAt, () =>
      ctx.storeFile(new Blob([coverSvg(book)], { type: "image/svg+xml" }), userId(book.by)),
    );
    const bookId = (await ctx.asOf(postedAt, () =>
      ctx.mutationAs(userId(book.by), "books:create", {
        title: book.title,
        description: book.description,
        contact: book.contact ?? "",
        image: { storageId },
      }),
    )) as Id<"books">;
    // Readers come by in the following hours.
    let reactions = 0;
    const later = <T>(fn: () => Promise<T>) => ctx.asOf(postedAt + ++reactions * 23 * MINUTE, fn);
    for (const reader of book.viewedBy ?? []) {
      await later(() => ctx.mutationAs(userId(reader), "books:recordView", { bookId }));
    }
    for (const reader of book.likedBy ?? []) {
      await later(() => ctx.mutationAs(userId(reader), "books:toggleLike", { bookId }));
    }
    for (const comment of book.comments ?? []) {
      await later(() => ctx.mutationAs(userId(comment.by), "bookComments:add", { bookId, text: comment.text }));
    }
  }
}

/** A 300×400 cover: a gradient, a spine, a few rings, the title in large type and the author below. */
function coverSvg({ title, author, colors: [dark, light] }: Pick<DemoBook, "title" | "author" | "colors">): string {
  const lines = wrap(title, 14);
  const fontSize = lines.length > 3 ? 28 : 34;
  const firstLineY = 170 - ((lines.length - 1) * fontSize * 1.15) / 2;
  const titleLines = lines
    .map(
      (line, index) =>
        `<tspan x="165" y="${(firstLineY + index * fontSize * 1.15).toFixed(1)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<rect width="24" height="400" fill="#000" opacity="0.25"/>
<circle cx="250" cy="330" r="90" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="14"/>
<circle cx="250" cy="330" r="50" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="10"/>
<line x1="60" y1="62" x2="270" y2="62" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>
<text font-family="Georgia, 'Times New Roman', serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle">${titleLines}</text>
<line x1="60" y1="300" x2="270" y2="300" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>
<text x="165" y="336" font-family="Georgia, 'Times New Roman', serif" font-size="18" font-style="italic" fill="#fff" text-anchor="middle">${escapeXml(author)}</text>
</svg>`;
}

/** Splits text into lines of at most `width` characters, breaking between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
