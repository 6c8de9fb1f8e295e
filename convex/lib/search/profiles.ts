/**
 * Keeping a profile's search fields in step (issue 33). Every write of a profile's name,
 * hometown or interests spreads `profileSearchFields` of the new values into the same write;
 * a suspension hides the profile from search and its end shows it again (searchHidden, a filter
 * field of the index, so hidden people are never read, and pages stay full).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { profileOf } from "../profile-lookup";
import { profileSearchText } from "./text";

/** The search text of a profile as it will be once `changes` are written. */
export function profileSearchFields(
  profile: Pick<Doc<"profiles">, "displayName" | "hometown" | "interests">,
): Pick<Doc<"profiles">, "searchText"> {
  return { searchText: profileSearchText(profile) };
}

/**
 * Hides the person's profile from search (suspended) or shows it again (suspension over).
 * Also fills a profile the search migration has not reached yet, so it is findable at once.
 */
export async function setProfileSearchHidden(ctx: MutationCtx, userId: Id<"users">, hidden: boolean): Promise<void> {
  const profile = await profileOf(ctx, userId);
  if (profile === null) return;
  await ctx.db.patch(profile._id, { searchHidden: hidden, ...profileSearchFields(profile) });
}
