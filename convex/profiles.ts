import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { AVATAR_NOT_PRESET, isPresetAvatar } from "./shared/avatars";
import { userMutation, userQuery } from "./lib/functions";
import { withPageSizeCapped } from "./lib/page-size";
import { imageUrl } from "./lib/images";
import { cleanDisplayName, cleanPersonality, PROFILE_TEXT_LABELS, PROFILE_TEXT_LIMITS } from "./shared/profile-fields";
import { friendship, profileOf } from "./lib/profile-lookup";
import { profileSearchFields } from "./lib/search/profiles";
import { cleanOptionalText } from "./shared/text";
import {
  habitViewValidator,
  importantInOthersValidator,
  personalityValidator,
  personalPriorityValidator,
  politicalViewsValidator,
  PROFILE_TEXT_FIELDS,
  religionValidator,
  type ProfileTextField,
} from "./shared/validators";

/** A profile's books and posts: at most this many a page, whatever the client asks. */
const CONTENT_PAGE_MAX = 24;

export const PROFILE_NOT_FOUND = "Profile not found";
/** The profile page shows a user's posts and books this many at a time. */
export const PROFILE_CONTENT_PAGE_SIZE = 6;

/**
 * Everything the account page shows of one user (seed §3 userInfo), or null when the id names
 * nobody. The e-mail stays private: only its owner gets it back.
 */
export const get = userQuery({
  args: { userId: v.string() },
  handler: async (ctx, args) => {
    // The id comes from the address bar, so a malformed one is "not found", not a crash.
    const userId = ctx.db.normalizeId("users", args.userId);
    const profile = userId === null ? null : await profileOf(ctx, userId);
    if (userId === null || profile === null) return null;
    const isOwner = userId === ctx.user._id;
    const texts = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, profile[field] ?? ""])) as Record<
      ProfileTextField,
      string
    >;
    return {
      userId,
      displayName: profile.displayName,
      photoURL: profile.photoURL ?? null,
      email: isOwner ? profile.email : null,
      ...texts,
      religion: profile.religion ?? null,
      politicalViews: profile.politicalViews ?? null,
      personalPriority: profile.personalPriority ?? null,
      importantInOthers: profile.importantInOthers ?? null,
      viewsOnSmoking: profile.viewsOnSmoking ?? null,
      viewsOnAlcohol: profile.viewsOnAlcohol ?? null,
      personality: profile.personality,
      friendCount: profile.friendCount ?? 0,
      isOwner,
      ...(await friendship(ctx, ctx.user._id, userId)),
    };
  },
});

const textFieldArgs = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, v.optional(v.string())])) as Record<
  ProfileTextField,
  ReturnType<typeof v.optional<ReturnType<typeof v.string>>>
>;

/** A select left empty is sent as null, which clears it. */
const choice = <T extends Parameters<typeof v.union>[0]>(validator: T) => v.optional(v.union(validator, v.null()));

/**
 * The caller saves their own profile (seed §4: saving merges fields). It takes no user or
 * profile id, so there is nothing to point at anyone else's. Fields left out stay as they are;
 * an empty text or a null choice clears the field. Every value is checked before anything changes.
 */
export const update = userMutation({
  args: {
    displayName: v.optional(v.string()),
    ...textFieldArgs,
    religion: choice(religionValidator),
    politicalViews: choice(politicalViewsValidator),
    personalPriority: choice(personalPriorityValidator),
    importantInOthers: choice(importantInOthersValidator),
    viewsOnSmoking: choice(habitViewValidator),
    viewsOnAlcohol: choice(habitViewValidator),
    personality: v.optional(personalityValidator),
  },
  handler: async (ctx, args) => {
    const profile = await ownProfile(ctx);
    const changes: Partial<Doc<"profiles">> = {};
    if (args.displayName !== undefined) {
      changes.displayName = cleanDisplayName(args.displayName);
      changes.askedForName = true;
    }
    for (const field of PROFILE_TEXT_FIELDS) {
      const value = args[field];
      if (value !== undefined) {
        changes[field] = cleanOptionalText(value, PROFILE_TEXT_LABELS[field], PROFILE_TEXT_LIMITS[field]);
      }
    }
    const choices = [
      "religion",
      "politicalViews",
      "personalPriority",
      "importantInOthers",
      "viewsOnSmoking",
      "viewsOnAlcohol",
    ] as const;
    for (const field of choices) {
      const value = args[field];
      // null clears; patching a field to undefined removes it from the document.
      if (value !== undefined) Object.assign(changes, { [field]: value ?? undefined });
    }
    if (args.personality !== undefined) changes.personality = cleanPersonality(args.personality);
    // The search text follows the name, hometown and interests in the same write (issue 33).
    await ctx.db.patch(profile._id, { ...changes, ...profileSearchFields({ ...profile, ...changes }) });
  },
});

/** The caller's avatar becomes one of the 12 presets (saved at once, seed §2). */
export const setAvatar = userMutation({
  args: { photoURL: v.string() },
  handler: async (ctx, { photoURL }) => {
    if (!isPresetAvatar(photoURL)) throw new ConvexError(AVATAR_NOT_PRESET);
    const profile = await ownProfile(ctx);
    await ctx.db.patch(profile._id, { photoURL });
  },
});

/** "Not now" on the name step after the first sign-in: it is not offered again. */
export const skipNameStep = userMutation({
  args: {},
  handler: async (ctx) => {
    const profile = await ownProfile(ctx);
    await ctx.db.patch(profile._id, { askedForName: true });
  },
});

/** One page of a user's posts, newest first, linking to each (the account page). */
export const postsOf = userQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { userId, paginationOpts }) => {
    const result = await ctx.db
      .query("posts")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, CONTENT_PAGE_MAX));
    return { ...result, page: await Promise.all(result.page.map((post) => contentCard(ctx, post))) };
  },
});

/** One page of a user's books, newest first, linking to each (the account page). */
export const booksOf = userQuery({
  args: { userId: v.id("users"), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { userId, paginationOpts }) => {
    const result = await ctx.db
      .query("books")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .order("desc")
      .paginate(withPageSizeCapped(paginationOpts, CONTENT_PAGE_MAX));
    return { ...result, page: await Promise.all(result.page.map((book) => contentCard(ctx, book))) };
  },
});

/** The caller's own profile; every verified user has one, made when their address was verified. */
async function ownProfile(ctx: MutationCtx & { user: Doc<"users"> }): Promise<Doc<"profiles">> {
  const profile = await profileOf(ctx, ctx.user._id);
  if (profile === null) throw new ConvexError(PROFILE_NOT_FOUND);
  return profile;
}

async function contentCard(ctx: QueryCtx, item: Doc<"posts"> | Doc<"books">) {
  return {
    _id: item._id,
    _creationTime: item._creationTime,
    title: item.title,
    imageUrl: await imageUrl(ctx, item.image),
    likes: item.likes,
    comments: item.comments,
  };
}
