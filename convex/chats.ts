/** Public chat rooms (seed §2 Chats, PRODUCT F9): the live list, one room, create and delete. */
import { paginationOptsValidator } from "convex/server";
import { ConvexError, v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { deleteChatRoom } from "./cascade";
import { requireOwner } from "./lib/auth";
import { takeRoomAllowance } from "./lib/chat-limits";
import { CHAT_NAME_REQUIRED, NOT_CHAT_CREATOR } from "./shared/chat-texts";
import { existingRoom, roomSummaries } from "./lib/chats";
import { cappedPage } from "./lib/conversations";
import { userMutation, userQuery } from "./lib/functions";
import { isBlankImageUrl, validateUploadedImage } from "./lib/images";
import { cleanOptionalText, cleanText, LIMITS } from "./shared/text";
import { imageRefValidator } from "./shared/validators";
import { chatRoomSearchText } from "./lib/search/text";

/**
 * The rooms, newest created first, a page at a time, each with how many people are in it now
 * (the room's count row, up to a few seconds behind: lib/presence-online.ts).
 */
export const list = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("chatRooms").order("desc").paginate(cappedPage(paginationOpts));
    return { ...result, page: await roomSummaries(ctx, result.page, ctx.user._id) };
  },
});

/** One room; null when the id (from the address bar) is malformed or names no room (any more). */
export const get = userQuery({
  args: { roomId: v.string() },
  handler: async (ctx, { roomId }) => {
    const id = ctx.db.normalizeId("chatRooms", roomId);
    const room = id === null ? null : await ctx.db.get(id);
    if (room === null) return null;
    const [summary] = await roomSummaries(ctx, [room], ctx.user._id);
    return summary ?? null;
  },
});

/**
 * A new room of the caller's; the cover is optional and must be the caller's own upload (a
 * remote image URL would let its host see who opens the list of rooms; SECURITY.md). Each room comes out of the caller's allowance (lib/chat-limits.ts), taken once the name
 * and description are valid and before anything is written; a refused call changes nothing.
 */
export const create = userMutation({
  args: { name: v.string(), description: v.optional(v.string()), image: v.optional(imageRefValidator) },
  handler: async (ctx, { name, description, image }): Promise<Id<"chatRooms">> => {
    if (name.trim().length === 0) throw new ConvexError(CHAT_NAME_REQUIRED);
    const fields = {
      name: cleanText(name, "Chat name", LIMITS.chatName),
      description: cleanOptionalText(description, "Description", LIMITS.chatDescription),
    };
    await takeRoomAllowance(ctx, ctx.user._id);
    const cover = image === undefined || isBlankImageUrl(image) ? undefined : image;
    return await ctx.db.insert("chatRooms", {
      ...fields,
      searchText: chatRoomSearchText(fields),
      ...(cover === undefined ? {} : { image: await validateUploadedImage(ctx, cover, ctx.user._id) }),
      createdBy: ctx.user._id,
    });
  },
});

/** The creator deletes a room: its messages go in batches, its presence and its uploaded cover at once. */
export const remove = userMutation({
  args: { roomId: v.id("chatRooms") },
  handler: async (ctx, { roomId }) => {
    const room = await existingRoom(ctx, roomId);
    requireOwner(room.createdBy, ctx.user._id, NOT_CHAT_CREATOR);
    await deleteChatRoom(ctx, room);
    return null;
  },
});
