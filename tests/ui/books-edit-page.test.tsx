import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName, type FunctionReference } from "convex/server";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import BookEditPage from "@/features/books/book-edit-page";
import type { BookDetails } from "@/features/books/book-types";
import type { Id } from "../../convex/_generated/dataModel";

const book = vi.hoisted(() => ({ current: undefined as unknown }));
const updateBook = vi.hoisted(() => vi.fn());

vi.mock("convex/react", () => ({
  useQuery: () => book.current,
  useMutation: (ref: FunctionReference<"mutation">) => (getFunctionName(ref) === "books:update" ? updateBook : vi.fn()),
  useAction: () => vi.fn(),
}));

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
  render(
    <MemoryRouter initialEntries={["/books/edit/book1"]}>
      <Routes>
        <Route path="/books/edit/:bookId" element={<BookEditPage />} />
        <Route path="/books/:bookId" element={<p>The book page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  updateBook.mockReset().mockResolvedValue(null);
});

describe("book edit page", () => {
  it("tells someone who is not the owner that they may not edit, with no form to submit", () => {
    book.current = bookSeenBy(false, null);
    renderPage();
    expect(screen.getByText("You can only edit books you added.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Changes" })).not.toBeInTheDocument();
  });

  it("says 'Book not found' for a missing book", () => {
    book.current = null;
    renderPage();
    expect(screen.getByText("Book not found")).toBeInTheDocument();
  });

  it("saves a new https Image URL with the text and returns to the book", async () => {
    book.current = bookSeenBy(true, "https://example.com/old.png");
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
    book.current = bookSeenBy(true, "https://example.com/old.png");
    const user = renderPage();
    await user.clear(screen.getByLabelText("Image URL*"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    expect(updateBook).not.toHaveBeenCalled();
  });

  it("keeps an uploaded cover when the Image URL is left empty", async () => {
    book.current = bookSeenBy(true, null);
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(updateBook).toHaveBeenCalledWith(expect.objectContaining({ image: undefined })));
  });
});
