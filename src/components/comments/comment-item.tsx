import { Pencil, Trash2 } from "lucide-react";
import { CreatorAvatarLink } from "@/components/ui/creator-avatar-link";
import { formatCommentDate } from "@/lib/format";
import type { PublicUser } from "../../../convex/lib/creators";

/** What every comment list of the app shows of one comment (book and post comments alike). */
export type CommentView = {
  _creationTime: number;
  text: string;
  author: PublicUser;
  /** True when the signed-in viewer wrote it: only then are Edit and Delete offered. */
  isMine: boolean;
  editedAt?: number | null;
};

type CommentItemProps = {
  comment: CommentView;
  /** Omitted where comments cannot be edited (book comments). */
  onEdit?: () => void;
  onDelete: () => void;
};

const iconButton =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-400 transition focus-visible:outline-2";

/** One comment: author, time (and "edited"), text; its author gets Edit (where offered) and Delete. */
export function CommentItem({ comment, onEdit, onDelete }: CommentItemProps) {
  return (
    <li className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <CreatorAvatarLink creator={comment.author} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold text-stone-900">{comment.author.displayName}</span>
          <time dateTime={new Date(comment._creationTime).toISOString()} className="text-xs text-stone-500">
            {formatCommentDate(comment._creationTime)}
          </time>
          {comment.editedAt != null && <span className="text-xs text-stone-400">(edited)</span>}
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-800">{comment.text}</p>
      </div>
      {comment.isMine && (
        <div className="flex shrink-0 flex-col sm:flex-row">
          {onEdit && (
            <button
              type="button"
              onClick={onEdit}
              aria-label="Edit comment"
              title="Edit comment"
              className={`${iconButton} hover:bg-stone-200 hover:text-stone-700 focus-visible:outline-brand-500`}
            >
              <Pencil aria-hidden className="size-4" />
            </button>
          )}
          <button
            type="button"
            onClick={onDelete}
            aria-label="Delete comment"
            title="Delete comment"
            className={`${iconButton} hover:bg-red-50 hover:text-red-600 focus-visible:outline-red-500`}
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </li>
  );
}
