import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** One feed page as the server sends it. */
export type FeedPage = FunctionReturnType<typeof api.posts.feed>;
/** A post card in the feed or in "other posts". */
export type PostCardData = FeedPage["posts"][number];
/** A post with everything the details and edit pages show. */
export type PostDetails = NonNullable<FunctionReturnType<typeof api.posts.get>>;
/** A comment in the comment dialog. */
export type PostComment = FunctionReturnType<typeof api.postComments.list>["page"][number];
