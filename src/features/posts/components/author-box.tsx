import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import type { PostDetails } from "../post-types";

/** Who wrote the post: avatar and name, linking to their account. */
export function AuthorBox({ author }: { author: PostDetails["author"] }) {
  return (
    <Link
      to={paths.accountOf.href(author.userId)}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3 shadow-sm transition hover:bg-canvas focus-ring"
    >
      <Avatar src={author.photoURL} name={author.displayName} size="md" decorative />
      <span className="min-w-0">
        <span className="block text-xs text-fg-subtle">Posted by</span>
        <span className="block truncate font-semibold text-fg">{author.displayName}</span>
      </span>
    </Link>
  );
}
