import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { AVATAR_NOT_PRESET, AVATARS } from "../../convex/shared/avatars";
import { DISPLAY_NAME_REQUIRED, PROFILE_TEXT_LIMITS, SCALE_OUT_OF_RANGE } from "../../convex/shared/profile-fields";
import { NEW_USER_NAME } from "../../convex/lib/profiles";
import { DEFAULT_PERSONALITY, type Personality } from "../../convex/shared/validators";
import { useAuthEnvironment } from "./auth-env";
import { latestCode, PASSWORD, signIn, userByEmail } from "./auth-kit";
import { newBackend, signedInUser, type TestBackend } from "./test-env";

const NOT_SIGNED_IN = /logged in/;
const NOT_VERIFIED = /verify your email/;

async function profileDoc(t: TestBackend, userId: string) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("profiles")
        .withIndex("by_userId", (q) => q.eq("userId", userId as Id<"users">))
        .unique(),
  );
}

const FULL_PERSONALITY: Personality = {
  introvertExtrovert: 20,
  emotionalLogical: 85,
  mbti: "INFJ",
  temperament: "Melancholic",
  politicalCompass: { x: 30, y: 65 },
};

describe("profiles:get", () => {
  test("shows another user's profile without their e-mail, and tells the owner theirs", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann", email: "ann@example.com" });
    const ben = await signedInUser(t, { name: "Ben" });
    await ann.as.mutation(api.profiles.update, { hometown: "Lisbon", religion: "Buddhism" });

    const seenByBen = await ben.as.query(api.profiles.get, { userId: ann.userId });
    expect(seenByBen).toMatchObject({
      userId: ann.userId,
      displayName: "Ann",
      hometown: "Lisbon",
      religion: "Buddhism",
      work: "",
      politicalViews: null,
      personality: DEFAULT_PERSONALITY,
      friendCount: 0,
      isOwner: false,
      isFriend: false,
      friendsWithYou: false,
      email: null,
    });
    expect(JSON.stringify(seenByBen)).not.toContain("@example.com");

    const seenByAnn = await ann.as.query(api.profiles.get, { userId: ann.userId });
    expect(seenByAnn).toMatchObject({ isOwner: true, email: "ann@example.com" });
  });

  test("answers null for an id that names nobody, malformed or of another table", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    expect(await ann.as.query(api.profiles.get, { userId: "not-an-id" })).toBeNull();
    const sessionId = await t.run(async (ctx) => (await ctx.db.query("authSessions").first())!._id);
    expect(await ann.as.query(api.profiles.get, { userId: sessionId })).toBeNull();
  });

  test("an account that never verified its address has no profile page; it gets one once the code is accepted", async () => {
    await useAuthEnvironment();
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    await signIn(t, { flow: "signUp", email: "dora@example.com", password: PASSWORD });
    const dora = await userByEmail(t, "dora@example.com");
    if (dora === null) throw new Error("sign-up made no user");

    expect(await profileDoc(t, dora._id)).toBeNull();
    expect(await ann.as.query(api.profiles.get, { userId: dora._id })).toBeNull();

    await signIn(t, {
      flow: "email-verification",
      email: "dora@example.com",
      code: await latestCode(t, "dora@example.com"),
    });
    expect(await ann.as.query(api.profiles.get, { userId: dora._id })).toMatchObject({
      userId: dora._id,
      displayName: NEW_USER_NAME,
      personality: DEFAULT_PERSONALITY,
      email: null,
    });
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.query(api.profiles.get, { userId: ann.userId })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.profiles.get, { userId: ann.userId })).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("profiles:update", () => {
  test("saves every kind of field into the caller's own profile, trimmed", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    await ann.as.mutation(api.profiles.update, {
      displayName: "  Ann Lee ",
      aboutMe: "Reader.\nWalker.",
      favoriteQuote: "  Less is more ",
      mobile: "+351 900 000 000",
      religion: "Other",
      politicalViews: "Moderate",
      personalPriority: "Health",
      importantInOthers: "Kindness",
      viewsOnSmoking: "Never",
      viewsOnAlcohol: "Socially",
      personality: FULL_PERSONALITY,
    });
    expect(await profileDoc(t, ann.userId)).toMatchObject({
      displayName: "Ann Lee",
      aboutMe: "Reader.\nWalker.",
      favoriteQuote: "Less is more",
      mobile: "+351 900 000 000",
      religion: "Other",
      politicalViews: "Moderate",
      personalPriority: "Health",
      importantInOthers: "Kindness",
      viewsOnSmoking: "Never",
      viewsOnAlcohol: "Socially",
      personality: FULL_PERSONALITY,
      askedForName: true,
    });
  });

  test("merges: fields left out stay, an empty text or a null choice clears", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await ann.as.mutation(api.profiles.update, { work: "Baker", education: "School", religion: "Islam" });
    await ann.as.mutation(api.profiles.update, { work: "  ", religion: null });
    const profile = await profileDoc(t, ann.userId);
    expect(profile?.education).toBe("School");
    expect(profile).not.toHaveProperty("work");
    expect(profile).not.toHaveProperty("religion");
  });

  test("changes only the caller's profile: there is no argument naming anyone else", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const ben = await signedInUser(t, { name: "Ben" });
    const before = await profileDoc(t, ann.userId);
    await expect(
      // A forged id is not an argument the function knows, so the validator refuses it.
      ben.as.mutation(api.profiles.update, { userId: ann.userId, displayName: "Hacked" } as never),
    ).rejects.toThrow(/extra field|Validator/i);
    await ben.as.mutation(api.profiles.update, { displayName: "Ben B" });
    expect(await profileDoc(t, ann.userId)).toEqual(before);
    expect((await profileDoc(t, ben.userId))?.displayName).toBe("Ben B");
  });

  test.each([
    ["a blank display name", { displayName: "   " }, DISPLAY_NAME_REQUIRED],
    ["a display name over 60 characters", { displayName: "x".repeat(61) }, /at most 60/],
    ["a text over its limit", { mobile: "1".repeat(PROFILE_TEXT_LIMITS.mobile + 1) }, /Mobile must be at most 40/],
    ["an about-me over its limit", { aboutMe: "a".repeat(2001) }, /About me must be at most 2000/],
    ["a religion outside the list", { religion: "Pastafarian" }, /Validator|religion/i],
    ["a habit view outside the list", { viewsOnAlcohol: "Daily" }, /Validator|viewsOnAlcohol/i],
    ["an MBTI type that does not exist", { personality: { ...DEFAULT_PERSONALITY, mbti: "ABCD" } }, /Validator/i],
    [
      "a temperament outside the list",
      { personality: { ...DEFAULT_PERSONALITY, temperament: "Grumpy" } },
      /Validator/i,
    ],
    ["a slider above 100", { personality: { ...DEFAULT_PERSONALITY, introvertExtrovert: 101 } }, SCALE_OUT_OF_RANGE],
    ["a slider below 0", { personality: { ...DEFAULT_PERSONALITY, emotionalLogical: -1 } }, SCALE_OUT_OF_RANGE],
    ["a fractional slider", { personality: { ...DEFAULT_PERSONALITY, emotionalLogical: 12.5 } }, SCALE_OUT_OF_RANGE],
    [
      "a compass point outside the square",
      { personality: { ...DEFAULT_PERSONALITY, politicalCompass: { x: 50, y: 140 } } },
      SCALE_OUT_OF_RANGE,
    ],
    [
      "a compass value that is not a number",
      { personality: { ...DEFAULT_PERSONALITY, politicalCompass: { x: Number.NaN, y: 50 } } },
      SCALE_OUT_OF_RANGE,
    ],
  ])("refuses %s and changes nothing", async (_case, args, message) => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const before = await profileDoc(t, ann.userId);
    await expect(ann.as.mutation(api.profiles.update, { hometown: "Porto", ...args } as never)).rejects.toThrow(
      message,
    );
    expect(await profileDoc(t, ann.userId)).toEqual(before);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const unverified = await signedInUser(t, { verified: false });
    await expect(t.mutation(api.profiles.update, { work: "x" })).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.profiles.update, { work: "x" })).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("profiles:setAvatar", () => {
  test("sets one of the 12 presets, and every preset is accepted", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    expect(AVATARS).toHaveLength(12);
    for (const avatar of AVATARS) {
      await ann.as.mutation(api.profiles.setAvatar, { photoURL: avatar.url });
      expect((await profileDoc(t, ann.userId))?.photoURL).toBe(avatar.url);
    }
    const viewer = await ann.as.query(api.users.viewer, {});
    expect(viewer?.photoURL).toBe(AVATARS[11].url);
  });

  test.each([
    ["a remote URL", "https://example.com/me.png"],
    ["a path outside the presets", "/avatars/13.svg"],
    ["a script URL", "javascript:alert(1)"],
    ["an empty string", ""],
  ])("refuses %s and keeps the avatar", async (_case, photoURL) => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await ann.as.mutation(api.profiles.setAvatar, { photoURL: AVATARS[0].url });
    await expect(ann.as.mutation(api.profiles.setAvatar, { photoURL })).rejects.toThrow(AVATAR_NOT_PRESET);
    expect((await profileDoc(t, ann.userId))?.photoURL).toBe(AVATARS[0].url);
  });

  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const unverified = await signedInUser(t, { verified: false });
    const args = { photoURL: AVATARS[0].url };
    await expect(t.mutation(api.profiles.setAvatar, args)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.profiles.setAvatar, args)).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("the name step after the first sign-in", () => {
  test("is offered to a user still carrying the placeholder, until they choose a name", async () => {
    const t = newBackend();
    const newcomer = await signedInUser(t, { name: NEW_USER_NAME });
    expect((await newcomer.as.query(api.users.viewer, {}))?.needsName).toBe(true);
    await newcomer.as.mutation(api.profiles.update, { displayName: "Nadia" });
    expect(await newcomer.as.query(api.users.viewer, {})).toMatchObject({ needsName: false, displayName: "Nadia" });
  });

  test("is not offered again once skipped, and the placeholder stays", async () => {
    const t = newBackend();
    const newcomer = await signedInUser(t, { name: NEW_USER_NAME });
    await newcomer.as.mutation(api.profiles.skipNameStep, {});
    expect(await newcomer.as.query(api.users.viewer, {})).toMatchObject({
      needsName: false,
      displayName: NEW_USER_NAME,
    });
  });

  test("is not offered to someone who already has a name", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    expect((await ann.as.query(api.users.viewer, {}))?.needsName).toBe(false);
  });

  test("skipping rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const unverified = await signedInUser(t, { verified: false, name: NEW_USER_NAME });
    await expect(t.mutation(api.profiles.skipNameStep, {})).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.mutation(api.profiles.skipNameStep, {})).rejects.toThrow(NOT_VERIFIED);
  });
});

describe("profiles:postsOf and profiles:booksOf", () => {
  async function addContent(t: TestBackend, userId: string, count: number) {
    await t.run(async (ctx) => {
      for (let i = 1; i <= count; i++) {
        const common = {
          image: { url: `https://example.com/${i}.png` },
          userId,
          updatedAt: 0,
          views: 0,
          likes: i,
          comments: 0,
        };
        await ctx.db.insert("posts", { ...common, title: `Post ${i}`, description: "d", category: "art" } as never);
        await ctx.db.insert("books", { ...common, title: `Book ${i}` } as never);
      }
    });
  }

  test("pages through one user's posts and books, newest first, and no one else's", async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    const ben = await signedInUser(t, { name: "Ben" });
    await addContent(t, ann.userId, 8);
    await addContent(t, ben.userId, 2);

    const firstPosts = await ben.as.query(api.profiles.postsOf, {
      userId: ann.userId,
      paginationOpts: { numItems: 6, cursor: null },
    });
    expect(firstPosts.page.map((post) => post.title)).toEqual([8, 7, 6, 5, 4, 3].map((i) => `Post ${i}`));
    expect(firstPosts.page[0]).toMatchObject({ imageUrl: "https://example.com/8.png", likes: 8 });
    const restPosts = await ben.as.query(api.profiles.postsOf, {
      userId: ann.userId,
      paginationOpts: { numItems: 6, cursor: firstPosts.continueCursor },
    });
    expect(restPosts.page.map((post) => post.title)).toEqual(["Post 2", "Post 1"]);
    expect(restPosts.isDone).toBe(true);

    const books = await ann.as.query(api.profiles.booksOf, {
      userId: ben.userId,
      paginationOpts: { numItems: 6, cursor: null },
    });
    expect(books.page.map((book) => book.title)).toEqual(["Book 2", "Book 1"]);
  });

  test("caps the page size a client asks for", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    await addContent(t, ann.userId, 30);
    const page = await ann.as.query(api.profiles.booksOf, {
      userId: ann.userId,
      paginationOpts: { numItems: 1000, cursor: null },
    });
    expect(page.page).toHaveLength(24);
  });

  test("reject anonymous and unverified callers", async () => {
    const t = newBackend();
    const ann = await signedInUser(t);
    const unverified = await signedInUser(t, { verified: false });
    const args = { userId: ann.userId, paginationOpts: { numItems: 6, cursor: null } };
    await expect(t.query(api.profiles.postsOf, args)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.profiles.postsOf, args)).rejects.toThrow(NOT_VERIFIED);
    await expect(t.query(api.profiles.booksOf, args)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(unverified.as.query(api.profiles.booksOf, args)).rejects.toThrow(NOT_VERIFIED);
  });
});
