/**
 * Demo chat rooms for a fresh local backend: three public rooms with a short history each, so
 * /chats is not empty on the first start. Created and written through the public functions as
 * the demo users (rules, flood control and last-message times as in the browser), over the last
 * two hours, after the newest demo post, so the list shows real times.
 */
import type { Id } from "../../convex/_generated/dataModel";
import type { SeedContext } from "./run-seed";

type DemoUser = "alice" | "bob" | "carol";

type DemoRoom = {
  by: DemoUser;
  name: string;
  description?: string;
  /** Two colours for the cover's gradient; none leaves the room without a cover. */
  cover?: [string, string];
  /** When it was created, in minutes before the seeding. */
  minutesAgo: number;
  messages: { by: DemoUser; text: string }[];
};

const DEMO_ROOMS: DemoRoom[] = [
  {
    by: "alice",
    name: "Book club",
    description: "This month: Frankenstein. Spoilers welcome after chapter 10.",
    cover: ["#7c2d12", "#fb923c"],
    minutesAgo: 140,
    messages: [
      { by: "alice", text: "Welcome! Who has started the book? 📚" },
      { by: "carol", text: "Halfway through. The creature's chapters are the best part." },
      { by: "bob", text: "Just picked up Alice's copy, starting tonight." },
      { by: "alice", text: "Let's meet on Sunday to talk about the first half ☕" },
    ],
  },
  {
    by: "bob",
    name: "Night owls",
    description: "For everyone still awake. Music, stars and bad puns.",
    cover: ["#1e1b4b", "#6366f1"],
    minutesAgo: 95,
    messages: [
      { by: "bob", text: "Anyone else listening to Slow orbit on the music page? 🌙" },
      { by: "carol", text: "On repeat. Perfect for reading." },
    ],
  },
  {
    by: "carol",
    name: "Duma strategies",
    minutesAgo: 40,
    messages: [
      { by: "carol", text: "Longest reign so far: 12,000 years. Fire keeps running out on me 🔥" },
      { by: "alice", text: "Say no to the volcano card, it always tips fire over." },
    ],
  },
];

/** Rooms come after the backdated books and posts, whose newest is about 3 h old (see run-seed.ts `order`). */
export const order = 30;

const MINUTE = 60 * 1000;

export async function seed(ctx: SeedContext): Promise<void> {
  const start = Date.now();
  for (const room of DEMO_ROOMS) {
    const createdAt = start - room.minutesAgo * MINUTE;
    const owner = ctx.users[room.by];
    // Arguments travel as JSON, where a field is present or absent but never undefined.
    const args: { name: string; description?: string; image?: { storageId: Id<"_storage"> } } = { name: room.name };
    if (room.description !== undefined) args.description = room.description;
    if (room.cover !== undefined) {
      const cover = new Blob([coverSvg(room.cover)], { type: "image/svg+xml" });
      args.image = { storageId: await ctx.asOf(createdAt, () => ctx.storeFile(cover, owner)) };
    }
    const roomId = (await ctx.asOf(createdAt, () => ctx.mutationAs(owner, "chats:create", args))) as Id<"chatRooms">;
    for (const [index, message] of room.messages.entries()) {
      await ctx.asOf(createdAt + (index + 1) * 6 * MINUTE, () =>
        ctx.mutationAs(ctx.users[message.by], "chatMessages:send", { roomId, text: message.text }),
      );
    }
  }
}

/** A square cover: a diagonal gradient with two speech bubbles. */
function coverSvg([dark, light]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<rect x="34" y="50" width="92" height="60" rx="18" fill="#fff" fill-opacity="0.9"/>
<path d="M58 108 L52 132 L80 110 Z" fill="#fff" fill-opacity="0.9"/>
<rect x="84" y="96" width="84" height="54" rx="18" fill="#fff" fill-opacity="0.55"/>
<path d="M146 148 L154 168 L128 150 Z" fill="#fff" fill-opacity="0.55"/>
</svg>`;
}
