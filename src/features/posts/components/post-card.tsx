import { Eye, Heart, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { TimeAgo } from "@/components/ui/time-ago";
import { formatCount } from "@/lib/format";
import { categoryLabel } from "../post-categories";
import type { PostCardData } from "../post-types";

/** A post in the feed (seed §2): image, title, views, likes, comments and date; the whole card opens the post. */
export function PostCard({
  post,
  aboveTheFold = false,
  highlight,
}: {
  post: PostCardData;
  aboveTheFold?: boolean;
  /** Marks the words a search found in the title (/search). */
  highlight?: (text: string) => ReactNode;
}) {
  return (
    <article className="group relative flex h-full overflow-hidden rounded-xl sm:flex-col border border-line bg-surface shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-focus">
      {/* A row (thumbnail beside the text) on phones, a tall card from the small breakpoint up. */}
      <div className="w-28 shrink-0 overflow-hidden bg-surface-muted sm:aspect-[4/3] sm:w-full">
        {post.imageUrl ? (
          <img
            src={post.imageUrl}
            alt=""
            // The first cards are the page's largest paint: fetch them at once, not when scrolled to.
            loading={aboveTheFold ? "eager" : "lazy"}
            fetchPriority={aboveTheFold ? "high" : "auto"}
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-fg-faint">No image</div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3">
        <span className="w-fit rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-fg">
          {categoryLabel(post.category)}
        </span>
        <h2 className="text-sm leading-snug font-semibold text-fg sm:text-base">
          {/* The stretched link makes the whole card clickable while keeping one link per card. */}
          <Link to={paths.post.href(post._id)} className="line-clamp-2 after:absolute after:inset-0 focus:outline-none">
            {highlight ? highlight(post.title) : post.title}
          </Link>
        </h2>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-subtle">
          <Stat icon={<Eye aria-hidden className="size-3.5" />} count={post.views} noun="views" />
          <Stat icon={<Heart aria-hidden className="size-3.5" />} count={post.likes} noun="likes" />
          <Stat icon={<MessageCircle aria-hidden className="size-3.5" />} count={post.comments} noun="comments" />
          {/* Above the card-wide link, so hovering shows the full date. */}
          <TimeAgo timestamp={post._creationTime} className="relative z-10 ml-auto" />
        </div>
      </div>
    </article>
  );
}

function Stat({ icon, count, noun }: { icon: ReactNode; count: number; noun: string }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums" title={`${count} ${noun}`}>
      {icon}
      <span className="sr-only">{noun}: </span>
      {formatCount(count)}
    </span>
  );
}
