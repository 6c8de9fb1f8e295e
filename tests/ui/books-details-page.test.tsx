import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import BookDetailsPage from "@/features/books/book-details-page";
import type { BookComment, BookDetails } from "@/features/books/book-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

const alice = { userId: "alice" as Id<"users">, displayName: "Alice", photoURL: null };
const bob = { userId: "bob" as Id<"users">, displayName: "Bob", photoURL: null };

function bookSeenBy(isOwner: boolean): BookDetails {
  return {
    _id: "book1" as Id<"books">,
    _creationTime: Date.UTC(2026, 2, 4),
    updatedAt: 0,
    title: "Dune",
    description: "Sand.\nSpice.",
    contact: "alice@example.com",
    imageUrl: "https://example.com/dune.png",
    remoteImageUrl: null,
    views: 3,
    likes: 1,
    comments: 2,
    likedByMe: false,
    isOwner,
    creator: alice,
  };
}

function comment(id: string, author: typeof alice, isMine: boolean): BookComment {
  return { _id: id as Id<"bookComments">, _creationTime: 0, text: `Comment by ${author.displayName}`, author, isMine };
}

function renderPage() {
  return renderWithApp(<BookDetailsPage />, {
    route: "/books/book1",
    path: "/books/:bookId",
    routes: { "/books": <p>The board</p> },
    strict: true,
  }).user;
}

beforeEach(() => {
  convex.onQuery(api.books.byUser, []);
  convex.onQuery(api.bookComments.list, paginated([comment("c1", bob, false), comment("c2", alice, true)]));
});

describe("book details", () => {
  it("says 'Book not found' for an id that names no book, and counts no view", () => {
    convex.onQuery(api.books.get, null);
    renderPage();
    expect(screen.getByText("Book not found")).toBeInTheDocument();
    expect(convex.mutation(api.books.recordView)).not.toHaveBeenCalled();
  });

  it("shows the book, who added it and the comment count, and records one view per visit", async () => {
    convex.onQuery(api.books.get, bookSeenBy(false));
    renderPage();
    expect(screen.getByRole("heading", { name: "Dune" })).toBeInTheDocument();
    expect(screen.getByText("alice@example.com")).toBeInTheDocument();
    const addedBy = screen.getByText("Added by").parentElement!;
    expect(within(addedBy).getByRole("link", { name: /Alice/ })).toHaveAttribute("href", "/account/alice");
    expect(screen.getByRole("heading", { name: "Comments (2)" })).toBeInTheDocument();
    await waitFor(() => expect(convex.mutation(api.books.recordView)).toHaveBeenCalledTimes(1));
    expect(convex.mutation(api.books.recordView)).toHaveBeenCalledWith({ bookId: "book1" });
  });

  it("shows Edit and Delete to nobody but the owner", () => {
    convex.onQuery(api.books.get, bookSeenBy(false));
    renderPage();
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("lets the owner delete after confirming, then goes back to the board", async () => {
    convex.onQuery(api.books.get, bookSeenBy(true));
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this book?" });
    expect(convex.mutation(api.books.remove)).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByText("The board")).toBeInTheDocument());
    expect(convex.mutation(api.books.remove)).toHaveBeenCalledWith({ bookId: "book1" });
  });

  it("offers to delete only the viewer's own comments, and only after confirming", async () => {
    convex.onQuery(api.books.get, bookSeenBy(false));
    const user = renderPage();
    const deleteButtons = screen.getAllByRole("button", { name: /^Delete comment/ });
    expect(deleteButtons).toHaveLength(1);
    expect(deleteButtons[0]?.closest("li")).toHaveTextContent("Comment by Alice");

    await user.click(deleteButtons[0]!);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(convex.mutation(api.bookComments.remove)).toHaveBeenCalledWith({ commentId: "c2" }));
  });
});
