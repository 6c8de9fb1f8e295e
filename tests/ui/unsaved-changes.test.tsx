import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { Link, Outlet, useNavigate, type RouteObject } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import BookEditPage from "@/features/books/book-edit-page";
import type { BookDetails } from "@/features/books/book-types";
import PostEditPage from "@/features/posts/post-edit-page";
import type { PostDetails } from "@/features/posts/post-types";
import AccountPage from "@/features/profiles/account-page";
import type { Profile } from "@/features/profiles/profile-draft";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signOut: vi.fn() }) }));
vi.mock("@/hooks/use-image-upload", () => ({ useImageUpload: () => vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const convex = createConvexMock();

beforeEach(() => {
  for (const mock of Object.values(toast)) mock.mockReset();
});

/** The app's bars, reduced to a link elsewhere and the browser's Back. */
function Shell() {
  const navigate = useNavigate();
  return (
    <>
      <nav>
        <Link to="/dumy">DUMY</Link>
        <button onClick={() => void navigate(-1)}>Back</button>
      </nav>
      <Outlet />
    </>
  );
}

/** `page` at `pattern`, opened at `route` (after `from`, when given, so Back has somewhere to go). */
function renderInShell(pattern: string, page: ReactNode, route: string, others: Record<string, ReactNode> = {}) {
  const children: RouteObject[] = [
    { path: pattern, element: page },
    { path: "/dumy", element: <p>Feed page</p> },
    ...Object.entries(others).map(([path, element]) => ({ path, element })),
  ];
  return renderWithApp(null, { route, routes: [{ element: <Shell />, children }] });
}

function leaveDialog() {
  return screen.getByRole("dialog", { name: "Leave without saving?" });
}

describe("the post edit page with unsaved changes", () => {
  const post = {
    _id: "post1" as Id<"posts">,
    _creationTime: 0,
    updatedAt: 0,
    title: "Stars",
    description: "Bright.",
    category: "science",
    imageUrl: "https://example.com/stars.png",
    views: 0,
    likes: 0,
    comments: 0,
    likedByMe: false,
    isOwner: true,
    author: { userId: "user1" as Id<"users">, displayName: "Alice", photoURL: null },
  } satisfies PostDetails;

  function renderEdit(route = "/dumy/edit/post1") {
    convex.onQuery(api.posts.get, post);
    return renderInShell("/dumy/edit/:postId", <PostEditPage />, route, {
      "/dumy/:postId": (
        <>
          <p>Details page</p>
          <Link to="/dumy/edit/post1">Edit</Link>
        </>
      ),
    });
  }

  it("asks before a link leaves; Stay keeps the edits, Leave goes", async () => {
    const { user, location } = renderEdit();
    await user.type(screen.getByLabelText("Title*"), " and moons");
    await user.click(screen.getByRole("link", { name: "DUMY" }));

    const dialog = leaveDialog();
    expect(dialog).toHaveAccessibleDescription("Your changes to this post will be lost.");
    expect(within(dialog).getByRole("button", { name: "Stay" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(location().pathname).toBe("/dumy/edit/post1");
    expect(screen.getByLabelText("Title*")).toHaveValue("Stars and moons");

    await user.click(screen.getByRole("link", { name: "DUMY" }));
    await user.click(within(leaveDialog()).getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Feed page")).toBeInTheDocument();
    expect(location().pathname).toBe("/dumy");
    expect(convex.mutation(api.posts.update)).not.toHaveBeenCalled();
  });

  it("asks on Back too, and Escape stays", async () => {
    const { user, location } = renderEdit("/dumy/post1");
    await user.click(screen.getByRole("link", { name: "Edit" }));
    await user.selectOptions(await screen.findByLabelText("Category"), "Art");
    await user.click(screen.getByRole("button", { name: "Back" }));

    expect(leaveDialog()).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(location().pathname).toBe("/dumy/edit/post1");
    expect(screen.getByLabelText("Category")).toHaveValue("art");

    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(within(leaveDialog()).getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Details page")).toBeInTheDocument();
    expect(location().pathname).toBe("/dumy/post1");
  });

  it("does not ask without changes, after saving, or after Cancel", async () => {
    convex.mutation(api.posts.update).mockResolvedValue(null);
    const untouched = renderEdit();
    await untouched.user.click(screen.getByRole("link", { name: "DUMY" }));
    expect(await screen.findByText("Feed page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    untouched.unmount();

    const saved = renderEdit();
    await saved.user.type(screen.getByLabelText("Title*"), "!");
    await saved.user.click(screen.getByRole("button", { name: "Update Post" }));
    expect(await screen.findByText("Details page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(convex.mutation(api.posts.update)).toHaveBeenCalledWith(expect.objectContaining({ title: "Stars!" }));
    saved.unmount();

    const cancelled = renderEdit();
    await cancelled.user.type(screen.getByLabelText("Title*"), "!");
    await cancelled.user.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("Details page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("asks again when the save fails", async () => {
    convex.mutation(api.posts.update).mockRejectedValue(new Error("offline"));
    const { user } = renderEdit();
    await user.type(screen.getByLabelText("Title*"), "!");
    await user.click(screen.getByRole("button", { name: "Update Post" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to update post"));
    await user.click(screen.getByRole("link", { name: "DUMY" }));
    expect(leaveDialog()).toBeInTheDocument();
  });

  it("has the browser ask before closing the tab or reloading, only while there are changes", async () => {
    const { user } = renderEdit();
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText("Title*"), "!");
    expect(unload()).toBe(true);
    await user.type(screen.getByLabelText("Title*"), "{Backspace}");
    expect(unload()).toBe(false);
  });
});

describe("the book edit page with unsaved changes", () => {
  const book: BookDetails = {
    _id: "book1" as Id<"books">,
    _creationTime: 0,
    updatedAt: 0,
    title: "Dune",
    description: "Sand.",
    contact: "",
    imageUrl: "https://example.com/dune.png",
    remoteImageUrl: "https://example.com/dune.png",
    views: 0,
    likes: 0,
    comments: 0,
    likedByMe: false,
    isOwner: true,
    creator: { userId: "alice" as Id<"users">, displayName: "Alice", photoURL: null },
  };

  function renderEdit() {
    convex.onQuery(api.books.get, book);
    return renderInShell("/books/edit/:bookId", <BookEditPage />, "/books/edit/book1", {
      "/books/:bookId": <p>The book page</p>,
    });
  }

  it("asks before leaving; Stay keeps the edits, Leave goes", async () => {
    const { user, location } = renderEdit();
    await user.type(screen.getByLabelText("Description"), " Spice.");
    await user.click(screen.getByRole("link", { name: "DUMY" }));
    expect(leaveDialog()).toHaveAccessibleDescription("Your changes to this book will be lost.");
    await user.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByLabelText("Description")).toHaveValue("Sand. Spice.");

    await user.click(screen.getByRole("link", { name: "DUMY" }));
    await user.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Feed page")).toBeInTheDocument();
    expect(location().pathname).toBe("/dumy");
  });

  it("does not ask after saving or after Cancel", async () => {
    convex.mutation(api.books.update).mockResolvedValue(null);
    const saved = renderEdit();
    await saved.user.type(screen.getByLabelText("Contact Info"), "alice@example.com");
    await saved.user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("The book page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    saved.unmount();

    const cancelled = renderEdit();
    await cancelled.user.type(screen.getByLabelText("Contact Info"), "alice@example.com");
    await cancelled.user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("The book page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("the profile's edit mode with unsaved changes", () => {
  const profile: Profile = {
    userId: "alice" as Id<"users">,
    displayName: "Alice",
    photoURL: null,
    email: "alice@example.com",
    hometown: "Lisbon",
    work: "",
    education: "",
    mobile: "",
    activities: "",
    interests: "",
    favoriteMusic: "",
    favoriteMovies: "",
    favoriteTVShow: "",
    favoriteBooks: "",
    favoriteGames: "",
    favoriteQuote: "",
    aboutMe: "",
    inspiredBy: "",
    religion: null,
    politicalViews: null,
    personalPriority: null,
    importantInOthers: null,
    viewsOnSmoking: null,
    viewsOnAlcohol: null,
    personality: DEFAULT_PERSONALITY,
    friendCount: 0,
    isOwner: true,
    isFriend: false,
    friendsWithYou: false,
  };

  function renderProfile() {
    convex.onQuery(api.profiles.get, profile);
    convex.onQuery(api.profiles.postsOf, paginated([]));
    convex.onQuery(api.profiles.booksOf, paginated([]));
    return renderInShell("/account/:userId", <AccountPage />, "/account/alice");
  }

  it("asks before leaving with changes; Stay keeps them, Leave goes", async () => {
    const { user, location } = renderProfile();
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    await user.type(screen.getByRole("textbox", { name: "Work" }), "Baker");
    await user.click(screen.getByRole("link", { name: "DUMY" }));

    expect(leaveDialog()).toHaveAccessibleDescription("Your changes to your profile will be lost.");
    await user.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("textbox", { name: "Work" })).toHaveValue("Baker");

    await user.click(screen.getByRole("link", { name: "DUMY" }));
    await user.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Feed page")).toBeInTheDocument();
    expect(location().pathname).toBe("/dumy");
  });

  it("does not ask in edit mode without changes, nor after saving", async () => {
    convex.mutation(api.profiles.update).mockResolvedValue(null);
    const first = renderProfile();
    await first.user.click(screen.getByRole("button", { name: "Edit Profile" }));
    await first.user.click(screen.getByRole("link", { name: "DUMY" }));
    expect(await screen.findByText("Feed page")).toBeInTheDocument();
    first.unmount();

    const { user } = renderProfile();
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    await user.type(screen.getByRole("textbox", { name: "Work" }), "Baker");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Work" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("link", { name: "DUMY" }));
    expect(await screen.findByText("Feed page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
