import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import BookEditPage from "@/features/books/book-edit-page";
import type { BookDetails } from "@/features/books/book-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();
const updateBook = convex.mutation(api.books.update);

function bookSeenBy(isOwner: boolean, remoteImageUrl: string | null): BookDetails {
  return {
    _id: "book1" as Id<"books">,
    _creationTime: 0,
    updatedAt: 0,
    title: "Dune",
    description: "Sand.",
    contact: "",
    imageUrl: remoteImageUrl ?? "http://127.0.0.1/storage/abc",
    remoteImageUrl,
    views: 0,
    likes: 0,
    comments: 0,
    likedByMe: false,
    isOwner,
    creator: { userId: "alice" as Id<"users">, displayName: "Alice", photoURL: null },
  };
}

function renderPage() {
  return renderWithApp(<BookEditPage />, {
    route: "/books/edit/book1",
    path: "/books/edit/:bookId",
    routes: { "/books/:bookId": <p>The book page</p> },
  }).user;
}

describe("book edit page", () => {
  it("tells someone who is not the owner that they may not edit, with no form to submit", () => {
    convex.onQuery(api.books.get, bookSeenBy(false, null));
    renderPage();
    expect(screen.getByText("You can only edit books you added.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Changes" })).not.toBeInTheDocument();
  });

  it("says 'Book not found' for a missing book", () => {
    convex.onQuery(api.books.get, null);
    renderPage();
    expect(screen.getByText("Book not found")).toBeInTheDocument();
  });

  it("saves a new https Image URL with the text and returns to the book", async () => {
    convex.onQuery(api.books.get, bookSeenBy(true, "https://example.com/old.png"));
    const user = renderPage();
    const url = screen.getByLabelText("Image URL*");
    expect(url).toHaveValue("https://example.com/old.png");
    await user.clear(url);
    await user.type(url, "https://example.com/new.png");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(screen.getByText("The book page")).toBeInTheDocument());
    expect(updateBook).toHaveBeenCalledWith({
      bookId: "book1",
      title: "Dune",
      description: "Sand.",
      contact: "",
      image: { url: "https://example.com/new.png" },
    });
  });

  it("requires the Image URL when the cover is a URL and no file replaces it", async () => {
    convex.onQuery(api.books.get, bookSeenBy(true, "https://example.com/old.png"));
    const user = renderPage();
    await user.clear(screen.getByLabelText("Image URL*"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    expect(updateBook).not.toHaveBeenCalled();
  });

  it("keeps an uploaded cover when the Image URL is left empty", async () => {
    convex.onQuery(api.books.get, bookSeenBy(true, null));
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(updateBook).toHaveBeenCalledWith(expect.objectContaining({ image: undefined })));
  });
});
