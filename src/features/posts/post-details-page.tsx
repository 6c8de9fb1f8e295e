import { useMutation, useQuery } from "convex/react";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { showSuccess } from "@/lib/toasts";
import { EmptyState } from "@/components/ui/empty-state";
import { ReportButton } from "@/components/moderation/report-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { OtherPosts } from "./components/other-posts";
import { PostCommentsDialog } from "./components/post-comments-dialog";
import { PostInfo } from "./components/post-info";
import { PostOwnerActions } from "./components/post-owner-actions";
import { withFailureToast } from "@/lib/show-failure";
import { useRecordViewOnce } from "@/hooks/use-record-view-once";
import { usePostIdParam } from "./hooks/use-post-id";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /dumy/{id}: the post, its views and likes, the comment dialog, owner Edit/Delete and the author's other posts. */
export default function PostDetailsPage() {
  useScreenTitle("Post");
  const postId = usePostIdParam();
  const post = useQuery(api.posts.get, { postId });
  const removePost = useMutation(api.posts.remove);
  const navigate = useNavigate();
  const [commentsOpen, setCommentsOpen] = useState(false);
  // Set while the owner deletes, so the moment the post disappears is not shown as "Post not found!".
  const [leaving, setLeaving] = useState(false);
  const recordView = useMutation(api.posts.recordView);
  useRecordViewOnce(post?._id, (postId) => recordView({ postId }));

  if (post === undefined || (post === null && leaving)) return <Spinner />;
  if (post === null) {
    return (
      <section className="px-4 py-16">
        <EmptyState title="Post not found!">
          <Link to={paths.dumy.href()} className="text-sm font-medium text-accent-fg hover:underline">
            Back to DUMY
          </Link>
        </EmptyState>
      </section>
    );
  }

  async function deletePost() {
    if (!post) return;
    setLeaving(true);
    const postId = post._id;
    try {
      await withFailureToast(() => removePost({ postId }), "Failed to delete post. Please try again.");
    } catch (error) {
      setLeaving(false);
      throw error;
    }
    showSuccess("Post deleted successfully!");
    navigate(paths.dumy.href(), { replace: true });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-10 px-3 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.dumy.href()}
        className="inline-flex min-h-10 items-center gap-1 rounded text-sm font-medium text-fg-muted hover:text-fg hover:underline focus-ring"
      >
        <ArrowLeft aria-hidden className="size-4" />
        DUMY
      </Link>
      <PostInfo
        post={post}
        onOpenComments={() => setCommentsOpen(true)}
        ownerActions={
          post.isOwner ? (
            <PostOwnerActions postId={post._id} onDelete={deletePost} />
          ) : (
            <ReportButton target={{ kind: "post", id: post._id }} label="post" />
          )
        }
      />
      <PostCommentsDialog postId={post._id} count={post.comments} open={commentsOpen} onOpenChange={setCommentsOpen} />
      <OtherPosts post={post} />
    </div>
  );
}
