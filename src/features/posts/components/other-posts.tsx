import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { PostDetails } from "../post-types";
import { PostCard } from "./post-card";

/** A few more posts by the same author, without the one on screen. */
export function OtherPosts({ post }: { post: PostDetails }) {
  const others = useQuery(api.posts.byUser, { userId: post.author.userId, excludePostId: post._id });
  if (others === undefined || others.length === 0) return null;
  return (
    <section aria-labelledby="other-posts-heading" className="space-y-4">
      <h2 id="other-posts-heading" className="text-lg font-semibold text-fg">
        More posts by {post.author.displayName}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((other) => (
          <li key={other._id}>
            <PostCard post={other} />
          </li>
        ))}
      </ul>
    </section>
  );
}
