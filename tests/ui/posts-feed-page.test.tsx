import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import FeedPage from "@/features/posts/feed-page";
import type { PostCardData } from "@/features/posts/post-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp, type AppRender } from "./render";

// posts.feed answers per test; every call's arguments are kept to check what was asked (one-off
// reads, which walk to the page of a shared link, answer the same way).
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

function posts(from: number, count: number): PostCardData[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `post${from + index}` as Id<"posts">,
    _creationTime: Date.UTC(2026, 2, 4),
    title: `Post ${from + index}`,
    category: "science",
    imageUrl: null,
    views: 12,
    likes: 3,
    comments: 1,
  }));
}

let app: AppRender;

function renderFeed(address = "/dumy") {
  app = renderWithApp(<FeedPage />, { route: address });
  return app;
}

const address = () => app.location().search;

const lastAsked = () => convex.calls(api.posts.feed).at(-1)!;

beforeEach(() => {
  localStorage.clear();
  convex.onQuery(api.posts.totalPages, 2);
  // Two full pages for any sort and filter: the server says page 2 is done (nothing follows it).
  convex.onQuery(api.posts.feed, (args) => {
    if (args.categories.length === 0) return { posts: [], isDone: true, continueCursor: "" };
    return args.cursor === null
      ? { posts: posts(1, 8), isDone: false, continueCursor: "after8" }
      : { posts: posts(9, 8), isDone: true, continueCursor: "after16" };
  });
});

describe("the DUMY feed", () => {
  it("shows cards with title, views, likes, comments and date, newest first over all categories", () => {
    renderFeed();
    expect(lastAsked()).toEqual({
      sort: "date",
      categories: ["psychology", "science", "art", "philosophy", "productivity", "uncategorized"],
      cursor: null,
    });
    const cards = within(screen.getByRole("list", { name: "Posts" })).getAllByRole("listitem");
    expect(cards).toHaveLength(8);
    expect(within(cards[0]!).getByRole("link", { name: "Post 1" })).toHaveAttribute("href", "/dumy/post1");
    expect(cards[0]).toHaveTextContent(/views: 12.*likes: 3.*comments: 1/);
    expect(within(cards[0]!).getByText(/2026/)).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add post" })).toHaveAttribute("href", "/dumy/add");
  });

  it("asks the server for the chosen sort and starts again at page 1", async () => {
    const { user } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(lastAsked().cursor).toBe("after8");
    expect(address()).toBe("?page=2");
    await user.selectOptions(screen.getByLabelText("Sort by"), "Likes");
    expect(lastAsked()).toMatchObject({ sort: "likes", cursor: null });
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(address()).toBe("?sort=likes");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(address()).toBe("?sort=likes&page=2");
  });

  it("opens at the sort and page of the address", async () => {
    renderFeed("/dumy?sort=comments&page=2");
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(lastAsked()).toMatchObject({ sort: "comments", cursor: "after8" });
    expect(screen.getByLabelText("Sort by")).toHaveValue("comments");
  });

  it("offers Next on the last counted page while a post still follows it, and counts that page", async () => {
    // 17 posts, the reader on page 2, two posts of page 1 deleted: the counters say 2 pages, but
    // the cursor-based page 2 still has Post 17 after it.
    convex.onQuery(api.posts.feed, (args) => {
      if (args.cursor === null) return { posts: posts(1, 8), isDone: false, continueCursor: "after8" };
      if (args.cursor === "after8") return { posts: posts(9, 8), isDone: false, continueCursor: "after16" };
      return { posts: posts(17, 1), isDone: true, continueCursor: "end" };
    });
    const { user } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "false");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("link", { name: "Post 17" })).toBeInTheDocument();
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  });

  it("does not offer Next on a full last page, the server saying no post follows it", async () => {
    const { user } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  });

  it("goes back to page 1 when the category filter changes", async () => {
    const { user } = renderFeed();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Art" }));
    expect(address()).toBe("");
    expect(lastAsked().cursor).toBeNull();
  });

  it("filters by category, says 'No posts match your current filters' for none, and remembers the choice", async () => {
    const { user, unmount } = renderFeed();
    await user.click(screen.getByRole("button", { name: "None" }));
    expect(lastAsked().categories).toEqual([]);
    expect(screen.getByText("No posts match your current filters", { ignore: "[role=status]" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Science" }));
    expect(screen.getByRole("button", { name: "Science" })).toHaveAttribute("aria-pressed", "true");
    expect(lastAsked().categories).toEqual(["science"]);
    expect(localStorage.getItem("selectedCategories")).toBe('["science"]');

    unmount();
    renderFeed();
    expect(lastAsked().categories).toEqual(["science"]);
    expect(screen.getByRole("button", { name: "Art" })).toHaveAttribute("aria-pressed", "false");
    await user.click(screen.getByRole("button", { name: "All" }));
    expect(lastAsked().categories).toHaveLength(6);
  });

  it("tells screen readers what each filter change found, in a status line that stays on the page", async () => {
    const { user } = renderFeed();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("8 posts on this page, from all categories");
    await user.click(screen.getByRole("button", { name: "None" }));
    expect(screen.getByRole("status")).toBe(status);
    expect(status).toHaveTextContent("No posts match your current filters");
    await user.click(screen.getByRole("button", { name: "Science" }));
    expect(status).toHaveTextContent("8 posts on this page, from 1 category");
    await user.click(screen.getByRole("button", { name: "Art" }));
    expect(status).toHaveTextContent("8 posts on this page, from 2 categories");
  });

  it("says 'Error loading posts' when the query fails, and tries again for another filter", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convex.onQuery(api.posts.feed, (args) => {
      if (args.sort === "date") throw new Error("server down");
      return { posts: posts(1, 2), isDone: true, continueCursor: "" };
    });
    const { user } = renderFeed();
    expect(screen.getByRole("alert")).toHaveTextContent("Error loading posts");
    await user.selectOptions(screen.getByLabelText("Sort by"), "Views");
    expect(screen.queryByText("Error loading posts")).not.toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /^Post / })).toHaveLength(2);
  });
});
