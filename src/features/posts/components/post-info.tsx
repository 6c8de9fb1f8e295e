import { useMutation } from "convex/react";
import { Eye, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { LikeButton } from "@/components/likes/like-button";
import { Button } from "@/components/ui/button";
import { api } from "@convex/_generated/api";
import { ignoreShownFailure, withFailureToast } from "@/lib/show-failure";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatCount } from "@/lib/format";
import { categoryLabel } from "../post-categories";
import type { PostDetails } from "../post-types";
import { AuthorBox } from "./author-box";

type PostInfoProps = {
  post: PostDetails;
  onOpenComments: () => void;
  /** Edit/Delete for the owner; Report for everyone else. */
  ownerActions: ReactNode;
};

/** The post itself: title, date, views, image, description as plain text with its line breaks (D4), author, like, comments. */
export function PostInfo({ post, onOpenComments, ownerActions }: PostInfoProps) {
  const toggleLike = useMutation(api.posts.toggleLike);

  function like() {
    return withFailureToast(() => toggleLike({ postId: post._id }), "Failed to update like. Please try again.").catch(
      ignoreShownFailure,
    );
  }

  return (
    <article className="space-y-5">
      <header className="space-y-2">
        <span className="inline-block rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-fg">
          {categoryLabel(post.category)}
        </span>
        <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{post.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-subtle">
          <TimeAgo timestamp={post._creationTime} />
          <span className="inline-flex items-center gap-1 tabular-nums">
            <Eye aria-hidden className="size-4" />
            {formatCount(post.views)} {post.views === 1 ? "view" : "views"}
          </span>
        </div>
      </header>

      {/* A 4:3 box (the feed card's) holds the picture's room before it loads: the text under it stays put. */}
      {post.imageUrl && (
        <img
          src={post.imageUrl}
          alt={post.title}
          fetchPriority="high"
          className="aspect-[4/3] max-h-[70vh] w-full rounded-2xl bg-surface-muted object-contain"
        />
      )}

      {/* Plain text: React escapes it, and CSS keeps the author's line breaks (PRODUCT D4). */}
      <p className="text-base leading-relaxed break-words whitespace-pre-line text-fg">{post.description}</p>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <AuthorBox author={post.author} />
        <div className="flex flex-wrap items-center gap-2">
          <LikeButton liked={post.likedByMe} count={post.likes} onToggle={like} />
          <Button variant="secondary" shape="pill" onClick={onOpenComments}>
            <MessageCircle aria-hidden className="size-5" />
            Comments ({post.comments})
          </Button>
          {ownerActions}
        </div>
      </div>
    </article>
  );
}
