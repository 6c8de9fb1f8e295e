import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import type { PublicUser } from "@convex/shared/public-user";

type CreatorAvatarLinkProps = {
  creator: PublicUser;
  size?: "xs" | "sm" | "md" | "lg";
  /** Shows the name beside the avatar (the details page's 'Added by'). */
  showName?: boolean;
};

/** The creator's avatar (and optionally name) linking to their account page. */
export function CreatorAvatarLink({ creator, size = "sm", showName = false }: CreatorAvatarLinkProps) {
  return (
    <Link
      to={paths.accountOf.href(creator.userId)}
      title={creator.displayName}
      aria-label={showName ? undefined : `${creator.displayName}'s account`}
      className="inline-flex min-w-0 shrink-0 items-center gap-2 rounded-full focus-ring"
    >
      <Avatar src={creator.photoURL} name={creator.displayName} size={size} decorative />
      {showName && <span className="truncate font-medium text-fg hover:underline">{creator.displayName}</span>}
    </Link>
  );
}
