import { screen, waitFor } from "@testing-library/react";
import { Link, useNavigate } from "react-router-dom";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import PostAddPage from "@/features/posts/post-add-page";
import PostEditPage from "@/features/posts/post-edit-page";
import type { PostDetails } from "@/features/posts/post-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

const uploadImage = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("@/hooks/use-image-upload", () => ({ useImageUpload: () => uploadImage }));
vi.mock("sonner", () => ({ toast }));

const convex = createConvexMock();
const mutations = {
  "posts:create": convex.mutation(api.posts.create),
  "posts:update": convex.mutation(api.posts.update),
};

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], "stars.png", { type: "image/png" });

const existingPost = {
  _id: "post1" as Id<"posts">,
  _creationTime: 0,
  updatedAt: 0,
  title: "Stars",
  description: "Bright.\nFar.",
  category: "science",
  imageUrl: "https://example.com/stars.png",
  views: 0,
  likes: 0,
  comments: 0,
  likedByMe: false,
  isOwner: true,
  author: { userId: "user1" as Id<"users">, displayName: "Alice", photoURL: null },
} satisfies PostDetails;

/** A stand-in page with a Back button (the browser's). */
function StandIn({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <p>{name}</p>
      <button onClick={() => void navigate(-1)}>Back</button>
      <Link to="/dumy/add">Add post</Link>
    </>
  );
}

function renderApp(path: string) {
  return renderWithApp(null, {
    route: path,
    routes: {
      "/dumy": <StandIn name="Feed page" />,
      "/dumy/add": <PostAddPage />,
      "/dumy/edit/:postId": <PostEditPage />,
      "/dumy/:postId": <StandIn name="Details page" />,
    },
  });
}

function renderAt(path: string) {
  return renderApp(path).user;
}

beforeEach(() => {
  for (const mock of [uploadImage, toast.success, toast.error, toast.dismiss]) {
    mock.mockReset();
  }
});

describe("adding a post", () => {
  it("says 'Title, description, and image are required' and saves nothing while one is missing", async () => {
    const user = renderAt("/dumy/add");
    await user.type(screen.getByLabelText("Title*"), "Stars");
    await user.type(screen.getByLabelText("Description*"), "Bright");
    await user.click(screen.getByRole("button", { name: "Add Post" }));
    expect(toast.error).toHaveBeenLastCalledWith("Title, description, and image are required");

    await user.clear(screen.getByLabelText("Description*"));
    await user.type(screen.getByLabelText("Description*"), "   ");
    await user.upload(screen.getByLabelText("Image*"), picture());
    await user.click(screen.getByRole("button", { name: "Add Post" }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(uploadImage).not.toHaveBeenCalled();
    expect(mutations["posts:create"]).not.toHaveBeenCalled();
  });

  it("takes the 'required' message back as soon as a field it is about changes", async () => {
    toast.error.mockReturnValue("required-toast");
    const user = renderAt("/dumy/add");
    await user.click(screen.getByRole("button", { name: "Add Post" }));
    expect(toast.dismiss).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Title*"), "S");
    expect(toast.dismiss).toHaveBeenCalledWith("required-toast");
  });

  it("uploads the image, creates the post in the chosen category, says 'Post added successfully!' and opens the new post", async () => {
    uploadImage.mockResolvedValue("storage1");
    mutations["posts:create"].mockResolvedValue("post9" as Id<"posts">);
    const { user, location } = renderApp("/dumy");
    await user.click(screen.getByRole("link", { name: "Add post" }));
    await user.type(screen.getByLabelText("Title*"), "Stars");
    await user.type(screen.getByLabelText("Description*"), "Bright.{Enter}Far.");
    await user.selectOptions(screen.getByLabelText("Category"), "Science");
    await user.upload(screen.getByLabelText("Image*"), picture());
    await user.click(screen.getByRole("button", { name: "Add Post" }));

    await screen.findByText("Details page");
    expect(location().pathname).toBe("/dumy/post9");
    expect(mutations["posts:create"]).toHaveBeenCalledWith({
      title: "Stars",
      description: "Bright.\nFar.",
      category: "science",
      image: { storageId: "storage1" },
    });
    expect(toast.success).toHaveBeenCalledWith("Post added successfully!");

    // The post took the form's place in the history: Back goes to the feed, not to the form.
    await user.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByText("Feed page");
    expect(location().pathname).toBe("/dumy");
  });

  it("says 'Failed to add post' when saving fails for an unknown reason, and shows the server's own message otherwise", async () => {
    uploadImage.mockResolvedValue("storage1");
    mutations["posts:create"].mockRejectedValueOnce(new Error("network"));
    mutations["posts:create"].mockRejectedValueOnce(new ConvexError("Title must be at most 120 characters"));
    const user = renderAt("/dumy/add");
    await user.type(screen.getByLabelText("Title*"), "Stars");
    await user.type(screen.getByLabelText("Description*"), "Bright");
    await user.upload(screen.getByLabelText("Image*"), picture());
    await user.click(screen.getByRole("button", { name: "Add Post" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to add post"));
    await user.click(screen.getByRole("button", { name: "Add Post" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Title must be at most 120 characters"));
    expect(screen.getByLabelText("Title*")).toHaveValue("Stars");
  });
});

describe("editing a post", () => {
  it("loads the post by the id in the address and saves title, description and category", async () => {
    convex.onQuery(api.posts.get, existingPost);
    mutations["posts:update"].mockResolvedValue(null);
    const user = renderAt("/dumy/edit/post1");
    expect(convex.calls(api.posts.get)[0]).toEqual({ postId: "post1" });
    expect(screen.getByLabelText("Title*")).toHaveValue("Stars");
    expect(screen.getByLabelText("Description*")).toHaveValue("Bright.\nFar.");
    expect(screen.getByLabelText("Category")).toHaveValue("science");
    expect(screen.queryByLabelText("Image*")).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Category"), "Art");
    await user.click(screen.getByRole("button", { name: "Update Post" }));
    await screen.findByText("Details page");
    expect(mutations["posts:update"]).toHaveBeenCalledWith({
      postId: "post1",
      title: "Stars",
      description: "Bright.\nFar.",
      category: "art",
    });
    expect(toast.success).toHaveBeenCalledWith("Post updated successfully!");
  });

  it("says 'Title and description are required' and 'Failed to update post'", async () => {
    convex.onQuery(api.posts.get, existingPost);
    mutations["posts:update"].mockRejectedValue(new Error("network"));
    const user = renderAt("/dumy/edit/post1");
    await user.clear(screen.getByLabelText("Title*"));
    await user.click(screen.getByRole("button", { name: "Update Post" }));
    expect(toast.error).toHaveBeenLastCalledWith("Title and description are required");
    expect(mutations["posts:update"]).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Title*"), "Stars again");
    await user.click(screen.getByRole("button", { name: "Update Post" }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith("Failed to update post"));
  });

  it("says 'Post not found!' for a missing post", () => {
    convex.onQuery(api.posts.get, null);
    renderAt("/dumy/edit/missing");
    expect(screen.getByText("Post not found!")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Update Post" })).not.toBeInTheDocument();
  });

  it("offers no form to someone who is not the author", () => {
    convex.onQuery(api.posts.get, { ...existingPost, isOwner: false });
    renderAt("/dumy/edit/post1");
    expect(screen.getByText("Only the author can edit this post.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Title*")).not.toBeInTheDocument();
  });
});
