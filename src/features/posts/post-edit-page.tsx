import { useMutation, useQuery } from "convex/react";
import { Link, useNavigate } from "react-router-dom";
import { showSuccess } from "@/lib/toasts";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { PostForm, type PostFormValues } from "./components/post-form";
import { withFailureToast } from "@/lib/show-failure";
import { usePostIdParam } from "./hooks/use-post-id";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /dumy/edit/{id}: the owner edits title, description and category; loads the post by id (works on reload). */
export default function PostEditPage() {
  useScreenTitle("Edit post");
  const postId = usePostIdParam();
  const post = useQuery(api.posts.get, { postId });
  const updatePost = useMutation(api.posts.update);
  const navigate = useNavigate();

  if (post === undefined) return <Spinner />;
  if (post === null || !post.isOwner) {
    return (
      <section className="px-4 py-16">
        <EmptyState title={post === null ? "Post not found!" : "Only the author can edit this post."}>
          <Link
            to={post === null ? paths.dumy.href() : paths.post.href(post._id)}
            className="text-sm font-medium text-accent-fg hover:underline"
          >
            {post === null ? "Back to DUMY" : "Back to the post"}
          </Link>
        </EmptyState>
      </section>
    );
  }

  async function save({ title, description, category }: PostFormValues) {
    if (!post) return;
    const postId = post._id;
    await withFailureToast(() => updatePost({ postId, title, description, category }), "Failed to update post");
    showSuccess("Post updated successfully!");
    navigate(paths.post.href(post._id));
  }

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">Edit post</h1>
      <Card>
        {/* Keyed by id so the fields start from this post's text, not a previous one's. */}
        <PostForm key={post._id} mode="edit" initial={post} onSubmit={save} cancelTo={paths.post.href(post._id)} />
      </Card>
    </section>
  );
}
