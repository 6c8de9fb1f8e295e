import { useMutation } from "convex/react";
import { useNavigate } from "react-router-dom";
import { showSuccess } from "@/lib/toasts";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useImageUpload } from "@/hooks/use-image-upload";
import { api } from "@convex/_generated/api";
import { PostForm, type PostFormValues } from "./components/post-form";
import { withFailureToast } from "@/lib/show-failure";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /dumy/add: a new post with title, description, category and an uploaded image. */
export default function PostAddPage() {
  useScreenTitle("Add post");
  const createPost = useMutation(api.posts.create);
  const uploadImage = useImageUpload();
  const navigate = useNavigate();

  async function add({ title, description, category, image }: PostFormValues) {
    const postId = await withFailureToast(async () => {
      if (image === null) throw new Error("no image");
      const storageId = await uploadImage(image);
      return await createPost({ title, description, category, image: { storageId } });
    }, "Failed to add post");
    showSuccess("Post added successfully!");
    // The new post opens in place of the form, so Back goes where the person was before Add.
    navigate(paths.post.href(postId), { replace: true });
  }

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">Add post</h1>
      <Card>
        <PostForm mode="add" onSubmit={add} cancelTo={paths.dumy.href()} />
      </Card>
    </section>
  );
}
