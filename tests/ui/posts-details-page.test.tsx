import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import PostDetailsPage from "@/features/posts/post-details-page";
import type { PostComment, PostDetails } from "@/features/posts/post-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("sonner", () => ({ toast }));

const convex = createConvexMock();
const mutations = {
  "posts:remove": convex.mutation(api.posts.remove),
  "posts:toggleLike": convex.mutation(api.posts.toggleLike),
  "posts:recordView": convex.mutation(api.posts.recordView),
  "postComments:add": convex.mutation(api.postComments.add),
  "postComments:edit": convex.mutation(api.postComments.edit),
  "postComments:remove": convex.mutation(api.postComments.remove),
};

const alice = { userId: "alice" as Id<"users">, displayName: "Alice", photoURL: null };
const bob = { userId: "bob" as Id<"users">, displayName: "Bob", photoURL: null };

const post = {
  _id: "post1" as Id<"posts">,
  _creationTime: Date.UTC(2026, 2, 4),
  updatedAt: 0,
  title: "Stars",
  description: "Line one\n<b>not bold</b>",
  category: "science",
  imageUrl: "https://example.com/stars.png",
  views: 7,
  likes: 2,
  comments: 2,
  likedByMe: false,
  isOwner: true,
  author: alice,
} satisfies PostDetails;

const comments: PostComment[] = [
  { _id: "c2" as Id<"postComments">, _creationTime: 2, editedAt: null, text: "Mine", author: alice, isMine: true },
  { _id: "c1" as Id<"postComments">, _creationTime: 1, editedAt: 5, text: "Bob's", author: bob, isMine: false },
];

function renderDetails() {
  return renderWithApp(<PostDetailsPage />, {
    route: "/dumy/post1",
    path: "/dumy/:postId",
    routes: { "/dumy": <p>Feed page</p> },
  }).user;
}

beforeEach(() => {
  for (const mock of [toast.success, toast.error]) mock.mockReset();
  convex.onQuery(api.posts.get, post);
  convex.onQuery(api.postComments.list, paginated(comments));
  convex.onQuery(api.posts.byUser, []);
});

describe("post details", () => {
  it("shows title, views, image and the description as plain text with its line breaks, and counts a view", () => {
    renderDetails();
    expect(screen.getByRole("heading", { level: 1, name: "Stars" })).toBeInTheDocument();
    expect(screen.getByText("7 views")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Stars" })).toHaveAttribute("src", "https://example.com/stars.png");
    const description = screen.getByText(/Line one/);
    expect(description.textContent).toBe("Line one\n<b>not bold</b>");
    expect(description.querySelector("b")).toBeNull();
    expect(description).toHaveClass("whitespace-pre-line");
    expect(screen.getByRole("link", { name: /Posted by\s*Alice/ })).toHaveAttribute("href", "/account/alice");
    expect(mutations["posts:recordView"]).toHaveBeenCalledTimes(1);
    expect(mutations["posts:recordView"]).toHaveBeenCalledWith({ postId: "post1" });
  });

  it("says 'Post not found!' when there is no such post", () => {
    convex.onQuery(api.posts.get, null);
    renderDetails();
    expect(screen.getByText("Post not found!")).toBeInTheDocument();
  });

  it("likes the post", async () => {
    const user = renderDetails();
    await user.click(screen.getByRole("button", { name: "Like (2 likes)" }));
    expect(mutations["posts:toggleLike"]).toHaveBeenCalledWith({ postId: "post1" });
  });

  it("lets the owner delete after confirming, then says 'Post deleted successfully!' and returns to the feed", async () => {
    const user = renderDetails();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this post?" });
    expect(mutations["posts:remove"]).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await screen.findByText("Feed page");
    expect(mutations["posts:remove"]).toHaveBeenCalledWith({ postId: "post1" });
    expect(toast.success).toHaveBeenCalledWith("Post deleted successfully!");
  });

  it("shows no Edit or Delete to others, but Report", () => {
    convex.onQuery(api.posts.get, { ...post, isOwner: false, author: bob });
    renderDetails();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Report post" })).toBeInTheDocument();
  });

  it("offers no Report on one's own post", () => {
    renderDetails();
    expect(screen.queryByRole("button", { name: "Report post" })).not.toBeInTheDocument();
  });
});

describe("the comment dialog", () => {
  it("lists comments, posts a new one, and offers Edit and Delete on your own only", async () => {
    const user = renderDetails();
    await user.click(screen.getByRole("button", { name: "Comments (2)" }));
    const dialog = screen.getByRole("dialog", { name: "Comments (2)" });
    const items = within(dialog).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Mine");
    // Each comment's buttons quote it, so a screen reader's list of buttons tells them apart.
    expect(within(items[0]!).getByRole("button", { name: "Edit comment “Mine”" })).toBeInTheDocument();
    expect(within(items[0]!).getByRole("button", { name: "Delete comment “Mine”" })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("(edited)");
    expect(within(items[1]!).queryByRole("button", { name: /^Edit comment/ })).not.toBeInTheDocument();
    // Report is for other people's comments only.
    expect(within(items[0]!).queryByRole("button", { name: /^Report comment/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole("button", { name: "Report comment “Bob's”" })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Add a comment"), "  Lovely  ");
    await user.click(within(dialog).getByRole("button", { name: "Post Comment" }));
    expect(mutations["postComments:add"]).toHaveBeenCalledWith({ postId: "post1", text: "Lovely" });
  });

  it("edits a comment in a dialog; empty text changes nothing", async () => {
    const user = renderDetails();
    await user.click(screen.getByRole("button", { name: "Comments (2)" }));
    await user.click(screen.getAllByRole("button", { name: /^Edit comment/ })[0]!);
    const editor = screen.getByRole("dialog", { name: "Edit comment" });
    const box = within(editor).getByLabelText("Comment");
    expect(box).toHaveValue("Mine");
    await user.clear(box);
    expect(within(editor).getByRole("button", { name: "Save" })).toHaveAttribute("aria-disabled", "true");
    await user.type(box, "Mine, edited");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit comment" })).not.toBeInTheDocument());
    expect(mutations["postComments:edit"]).toHaveBeenCalledWith({ commentId: "c2", text: "Mine, edited" });
  });

  it("keeps the comment editor open while saving, even on Escape, and keeps the text when the save fails", async () => {
    let failSave: (error: Error) => void = () => {};
    mutations["postComments:edit"].mockImplementation(() => new Promise((_, reject) => (failSave = reject)));
    const user = renderDetails();
    await user.click(screen.getByRole("button", { name: "Comments (2)" }));
    await user.click(screen.getAllByRole("button", { name: /^Edit comment/ })[0]!);
    const editor = screen.getByRole("dialog", { name: "Edit comment" });
    const box = within(editor).getByLabelText("Comment");
    await user.clear(box);
    await user.type(box, "Mine, edited");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Edit comment" })).toBeInTheDocument();
    failSave(new Error("offline"));
    await waitFor(() =>
      expect(within(editor).getByRole("button", { name: "Save" })).toHaveAttribute("aria-disabled", "false"),
    );
    expect(within(editor).getByLabelText("Comment")).toHaveValue("Mine, edited");
  });

  it("deletes a comment only after confirming", async () => {
    const user = renderDetails();
    await user.click(screen.getByRole("button", { name: "Comments (2)" }));
    await user.click(screen.getByRole("button", { name: /^Delete comment/ }));
    const confirm = screen.getByRole("dialog", { name: "Delete this comment?" });
    expect(mutations["postComments:remove"]).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(mutations["postComments:remove"]).toHaveBeenCalledWith({ commentId: "c2" }));
  });
});
