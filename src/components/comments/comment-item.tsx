import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { MentionText } from "@/components/mentions/mention-text";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";
import { ReportButton } from "@/components/moderation/report-button";
import { Card } from "@/components/ui/card";
import { IconButton } from "@/components/ui/icon-button";
import { TimeAgo } from "@/components/ui/time-ago";
import { nameWithQuote } from "@/lib/name-with-quote";
import type { Mention } from "@convex/shared/mentions";
import type { PublicUser } from "@convex/shared/public-user";
import type { ReportTarget } from "@convex/shared/moderation-validators";

/** What every comment list of the app shows of one comment (book and post comments alike). */
export type CommentView = {
  _creationTime: number;
  text: string;
  /** The people the text @mentions (spans of it), shown as links to their accounts. */
  mentions?: Mention[];
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
  /** What Report names for other people's comments ({ kind: "bookComment" | "postComment", id }). */
  reportTarget: ReportTarget;
};

type CommentActionProps = {
  label: string;
  /** The comment's text, quoted in the button's name so each comment's buttons are told apart. */
  text: string;
  onClick: () => void;
  tone: "neutral" | "danger";
  children: ReactNode;
};

/** A round icon button beside the comment, its name quoting the comment. */
function CommentAction({ label, text, onClick, tone, children }: CommentActionProps) {
  return (
    <IconButton onClick={onClick} label={nameWithQuote(label, text)} title={label} tone={tone}>
      {children}
    </IconButton>
  );
}

/** One comment: author, time (and "edited"), text; its author gets Edit (where offered) and Delete, others Report. */
export function CommentItem({ comment, onEdit, onDelete, reportTarget }: CommentItemProps) {
  return (
    <Card as="li" radius="xl" padding="none" className="flex gap-3 p-3">
      <CreatorAvatarLink creator={comment.author} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold text-fg">{comment.author.displayName}</span>
          <TimeAgo timestamp={comment._creationTime} className="text-xs text-fg-subtle" />
          {comment.editedAt != null && <span className="text-xs text-fg-faint">(edited)</span>}
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-fg">
          <MentionText text={comment.text} mentions={comment.mentions} />
        </p>
      </div>
      {!comment.isMine && <ReportButton target={reportTarget} label="comment" text={comment.text} variant="icon" />}
      {comment.isMine && (
        <div className="flex shrink-0 flex-col sm:flex-row">
          {onEdit && (
            <CommentAction label="Edit comment" text={comment.text} onClick={onEdit} tone="neutral">
              <Pencil aria-hidden className="size-4" />
            </CommentAction>
          )}
          <CommentAction label="Delete comment" text={comment.text} onClick={onDelete} tone="danger">
            <Trash2 aria-hidden className="size-4" />
          </CommentAction>
        </div>
      )}
    </Card>
  );
}
