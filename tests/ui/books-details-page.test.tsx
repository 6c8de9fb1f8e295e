import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName, type FunctionReference } from "convex/server";
import { StrictMode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import BookDetailsPage from "@/features/books/book-details-page";
import type { BookComment, BookDetails } from "@/features/books/book-types";
import type { Id } from "../../convex/_generated/dataModel";

// Convex is replaced by plain answers per function name; mutations are spies.
const queryResults = vi.hoisted(() => new Map<string, unknown>());
const mutations = vi.hoisted(() => new Map<string, ReturnType<typeof vi.fn>>());
const comments = vi.hoisted(() => ({ results: [] as unknown[] }));

vi.mock("convex/react", () => ({
  useQuery: (ref: FunctionReference<"query">) => queryResults.get(getFunctionName(ref)),
  useMutation: (ref: FunctionReference<"mutation">) => {
    const name = getFunctionName(ref);
    if (!mutations.has(name)) mutations.set(name, vi.fn().mockResolvedValue(null));
    return mutations.get(name);
  },
  usePaginatedQuery: () => ({ results: comments.results, status: "Exhausted", loadMore: () => {} }),
}));

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
  render(
    <StrictMode>
      <MemoryRouter initialEntries={["/books/book1"]}>
        <Routes>
          <Route path="/books/:bookId" element={<BookDetailsPage />} />
          <Route path="/books" element={<p>The board</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  queryResults.clear();
  mutations.clear();
  queryResults.set("books:byUser", []);
  comments.results = [comment("c1", bob, false), comment("c2", alice, true)];
});

describe("book details", () => {
  it("says 'Book not found' for an id that names no book, and counts no view", () => {
    queryResults.set("books:get", null);
    renderPage();
    expect(screen.getByText("Book not found")).toBeInTheDocument();
    expect(mutations.get("books:recordView")).not.toHaveBeenCalled();
  });

  it("shows the book, who added it and the comment count, and records one view per visit", async () => {
    queryResults.set("books:get", bookSeenBy(false));
    renderPage();
    expect(screen.getByRole("heading", { name: "Dune" })).toBeInTheDocument();
    expect(screen.getByText("alice@example.com")).toBeInTheDocument();
    const addedBy = screen.getByText("Added by").parentElement!;
    expect(within(addedBy).getByRole("link", { name: /Alice/ })).toHaveAttribute("href", "/account/alice");
    expect(screen.getByRole("heading", { name: "Comments (2)" })).toBeInTheDocument();
    await waitFor(() => expect(mutations.get("books:recordView")).toHaveBeenCalledTimes(1));
    expect(mutations.get("books:recordView")).toHaveBeenCalledWith({ bookId: "book1" });
  });

  it("shows Edit and Delete to nobody but the owner", () => {
    queryResults.set("books:get", bookSeenBy(false));
    renderPage();
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("lets the owner delete after confirming, then goes back to the board", async () => {
    queryResults.set("books:get", bookSeenBy(true));
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this book?" });
    expect(mutations.get("books:remove")).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByText("The board")).toBeInTheDocument());
    expect(mutations.get("books:remove")).toHaveBeenCalledWith({ bookId: "book1" });
  });

  it("offers to delete only the viewer's own comments, and only after confirming", async () => {
    queryResults.set("books:get", bookSeenBy(false));
    const user = renderPage();
    const deleteButtons = screen.getAllByRole("button", { name: /^Delete comment/ });
    expect(deleteButtons).toHaveLength(1);
    expect(deleteButtons[0]?.closest("li")).toHaveTextContent("Comment by Alice");

    await user.click(deleteButtons[0]!);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(mutations.get("bookComments:remove")).toHaveBeenCalledWith({ commentId: "c2" }));
  });
});
