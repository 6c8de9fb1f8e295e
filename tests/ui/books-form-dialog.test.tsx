import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BookFormDialog } from "@/features/books/components/book-form-dialog";
import type { BookDetails } from "@/features/books/book-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

// The dialog talks to Convex only through useMutation and to storage only through uploadImage.
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();
const mutations = {
  "books:create": convex.mutation(api.books.create),
  "books:update": convex.mutation(api.books.update),
};
const uploadImage = vi.hoisted(() => vi.fn());

vi.mock("@/hooks/use-image-upload", () => ({ useImageUpload: () => uploadImage }));

const cover = () => new File([new Uint8Array([137, 80, 78, 71])], "cover.png", { type: "image/png" });

const existingBook = {
  _id: "book1" as Id<"books">,
  _creationTime: 0,
  updatedAt: 0,
  title: "Dune",
  description: "Sand.",
  contact: "alice@example.com",
  imageUrl: "https://example.com/dune.png",
  remoteImageUrl: null,
  views: 0,
  likes: 0,
  comments: 0,
  likedByMe: false,
  isOwner: true,
  creator: { userId: "user1" as Id<"users">, displayName: "Alice", photoURL: null },
} satisfies BookDetails;

function renderDialog(book?: BookDetails) {
  const onSaved = vi.fn();
  const { user } = renderWithApp(<BookFormDialog open onOpenChange={() => {}} book={book} onSaved={onSaved} />);
  return { onSaved, user };
}

beforeEach(() => {
  uploadImage.mockReset();
});

describe("adding a book", () => {
  it("says 'Title and image are required' and saves nothing when both are missing", async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Add Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    expect(mutations["books:create"]).not.toHaveBeenCalled();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it("takes 'Title and image are required' away once the user changes a field", async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Add Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    await user.type(screen.getByLabelText("Title*"), "D");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    await user.upload(screen.getByLabelText("Cover Image*"), cover());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("requires a cover image even with a title", async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Title*"), "Dune");
    await user.click(screen.getByRole("button", { name: "Add Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    expect(mutations["books:create"]).not.toHaveBeenCalled();
  });

  it("requires a title even with a cover image", async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Title*"), "   ");
    await user.upload(screen.getByLabelText("Cover Image*"), cover());
    await user.click(screen.getByRole("button", { name: "Add Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it("takes image files only for the cover", async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Title*"), "Dune");
    // The picker's accept="image/*" can be bypassed (drag and drop, "All files"): the form checks again.
    const notes = new File(["chapter one"], "notes.txt", { type: "text/plain" });
    fireEvent.change(screen.getByLabelText("Cover Image*"), { target: { files: [notes] } });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That file is not an image. Choose a JPEG, PNG, WebP or GIF.",
    );

    await user.click(screen.getByRole("button", { name: "Add Book" }));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Title and image are required");
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it("uploads the cover, creates the book once however often submit is clicked, and reads 'Processing...' meanwhile", async () => {
    let finishCreate: (bookId: Id<"books">) => void = () => {};
    uploadImage.mockResolvedValue("storage1");
    mutations["books:create"].mockImplementation(() => new Promise((resolve) => (finishCreate = resolve)));
    const { user, onSaved } = renderDialog();

    await user.type(screen.getByLabelText("Title*"), "Dune");
    await user.type(screen.getByLabelText("Description"), "Sand.");
    await user.type(screen.getByLabelText("Contact Info"), "alice@example.com");
    await user.upload(screen.getByLabelText("Cover Image*"), cover());
    const submit = screen.getByRole("button", { name: "Add Book" });
    await user.click(submit);
    await user.click(submit);
    await user.keyboard("{Enter}");

    const processing = await screen.findByRole("button", { name: "Processing..." });
    expect(processing).toHaveAttribute("aria-disabled", "true");
    await waitFor(() => expect(mutations["books:create"]).toHaveBeenCalledTimes(1));
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(mutations["books:create"]).toHaveBeenCalledWith({
      title: "Dune",
      description: "Sand.",
      contact: "alice@example.com",
      image: { storageId: "storage1" },
    });

    finishCreate("book9" as Id<"books">);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("book9"));
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("ignores a second submit of the form that arrives while the first is still saving", async () => {
    uploadImage.mockReturnValue(new Promise(() => {}));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Title*"), "Dune");
    await user.upload(screen.getByLabelText("Cover Image*"), cover());

    const form = screen.getByRole("button", { name: "Add Book" }).closest("form")!;
    fireEvent.submit(form);
    fireEvent.submit(form);

    await waitFor(() => expect(uploadImage).toHaveBeenCalledTimes(1));
    expect(screen.getByRole("button", { name: "Processing..." })).toHaveAttribute("aria-disabled", "true");
  });

  it("shows the server's message and lets the user try again when saving fails", async () => {
    uploadImage.mockResolvedValue("storage1");
    mutations["books:create"].mockRejectedValueOnce(new ConvexError("Title must be at most 120 characters"));
    const { user, onSaved } = renderDialog();

    await user.type(screen.getByLabelText("Title*"), "Dune");
    await user.upload(screen.getByLabelText("Cover Image*"), cover());
    await user.click(screen.getByRole("button", { name: "Add Book" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Title must be at most 120 characters");
    expect(screen.getByRole("button", { name: "Add Book" })).toHaveAttribute("aria-disabled", "false");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a general message, not internals, when the failure is not a server message", async () => {
    uploadImage.mockRejectedValueOnce(new TypeError("fetch failed at 127.0.0.1:3210"));
    const { user } = renderDialog();

    await user.type(screen.getByLabelText("Title*"), "Dune");
    await user.upload(screen.getByLabelText("Cover Image*"), cover());
    await user.click(screen.getByRole("button", { name: "Add Book" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to add book. Please try again.");
    expect(mutations["books:create"]).not.toHaveBeenCalled();
  });
});

describe("editing a book", () => {
  it("links to the edit page, which also takes a cover's web address", () => {
    renderDialog(existingBook);
    expect(screen.getByRole("link", { name: "Open the edit page" })).toHaveAttribute("href", "/books/edit/book1");
  });

  it("starts from the book's values and keeps the cover when no new file is chosen", async () => {
    mutations["books:update"].mockResolvedValue(null);
    const { user, onSaved } = renderDialog(existingBook);

    expect(screen.getByLabelText("Title*")).toHaveValue("Dune");
    await user.clear(screen.getByLabelText("Title*"));
    await user.type(screen.getByLabelText("Title*"), "Dune Messiah");
    await user.click(screen.getByRole("button", { name: "Update Book" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("book1"));
    expect(uploadImage).not.toHaveBeenCalled();
    expect(mutations["books:update"]).toHaveBeenCalledWith({
      bookId: "book1",
      title: "Dune Messiah",
      description: "Sand.",
      contact: "alice@example.com",
      image: undefined,
    });
  });

  it("still requires a title", async () => {
    const { user } = renderDialog(existingBook);
    await user.clear(screen.getByLabelText("Title*"));
    await user.click(screen.getByRole("button", { name: "Update Book" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Title and image are required");
    expect(mutations["books:update"]).not.toHaveBeenCalled();
  });
});
