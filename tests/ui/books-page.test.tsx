import { screen } from "@testing-library/react";
import { useNavigate } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import BooksPage from "@/features/books/books-page";
import type { BookCardData } from "@/features/books/book-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp, type AppRender } from "./render";

type Page = { books: BookCardData[]; isDone: boolean; continueCursor: string };

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

// books.page answers by cursor; a cursor missing from the map is a page still loading.
// One-off reads (walking to a page of a shared link) answer from the same map.
const pages = new Map<string | null, Page>();
const queried = () => convex.calls(api.books.page).map((args) => args.cursor);
const walked = () => convex.calls(api.books.page, "client").map((args) => args.cursor);

function books(from: number, count: number): BookCardData[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `book${from + index}` as Id<"books">,
    _creationTime: 0,
    title: `Book ${from + index}`,
    imageUrl: null,
    likes: 0,
    comments: 0,
    creator: { userId: "alice" as Id<"users">, displayName: "Alice", photoURL: null },
  }));
}

function BookStandIn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

let app: AppRender;

function renderPage(address = "/books") {
  app = renderWithApp(<BooksPage />, {
    route: address,
    path: "/books",
    routes: { "/books/:bookId": <BookStandIn /> },
  });
  return app.user;
}

const address = () => {
  const { pathname, search } = app.location();
  return pathname + search;
};

function twoPages() {
  pages.set(null, { books: books(1, 8), isDone: false, continueCursor: "after8" } satisfies Page);
  pages.set("after8", { books: books(9, 2), isDone: true, continueCursor: "end" } satisfies Page);
}

beforeEach(() => {
  pages.clear();
  convex.onQuery(api.books.page, ({ cursor }) => pages.get(cursor));
  convex.onQuery(api.books.totalPages, 2);
});

describe("books page", () => {
  it("shows 'Loading...' until the first page arrives", () => {
    renderPage();
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.getByRole("button", { name: "+ Add Book" })).toBeInTheDocument();
  });

  it("shows a friendly empty state with a way to add the first book", () => {
    pages.set(null, { books: [], isDone: true, continueCursor: "" } satisfies Page);
    renderPage();
    expect(screen.getByText(/No books on the board yet/)).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "+ Add Book" })).toHaveLength(2);
  });

  it("walks the pages with Next and Previous and says 'Page x of y'", async () => {
    pages.set(null, { books: books(1, 8), isDone: false, continueCursor: "after8" } satisfies Page);
    pages.set("after8", { books: books(9, 2), isDone: true, continueCursor: "end" } satisfies Page);
    const user = renderPage();

    expect(screen.getAllByRole("listitem")).toHaveLength(8);
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book 10" })).toHaveAttribute("href", "/books/book10");
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
  });

  it("keeps the page in the address, so Back from a book returns to it", async () => {
    twoPages();
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(address()).toBe("/books?page=2");
    await user.click(screen.getByRole("link", { name: "Book 10" }));
    convex.clearCalls();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(address()).toBe("/books?page=2");
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    // The page's cursor came back with the history entry and shows the page at once; the cursors
    // are then checked once from page 1 (they may have gone stale while the reader was away).
    expect(queried()[0]).toBe("after8");
    await vi.waitFor(() => expect(walked()).toEqual([null]));
    expect(screen.getByRole("link", { name: "Book 9" })).toBeInTheDocument();
  });

  it("moves a page it comes back to onto the fresh cursor when books came in while the reader was away", async () => {
    twoPages();
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("link", { name: "Book 10" }));
    // Two new books: page 1 now ends two books earlier, so page 2 starts with the old Book 7.
    pages.set(null, { books: books(-1, 8), isDone: false, continueCursor: "after6" } satisfies Page);
    pages.set("after6", { books: books(7, 4), isDone: true, continueCursor: "end" } satisfies Page);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("link", { name: "Book 7" })).toBeInTheDocument();
    expect(queried().at(-1)).toBe("after6");
    expect(address()).toBe("/books?page=2");
  });

  it("opens a shared link at its page, walking there once", async () => {
    twoPages();
    renderPage("/books?page=2");
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book 9" })).toBeInTheDocument();
    expect(walked()).toEqual([null]);
    expect(address()).toBe("/books?page=2");
  });

  it("shows the last page for a link past the end", async () => {
    twoPages();
    renderPage("/books?page=7");
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(address()).toBe("/books?page=2");
  });

  it("does not offer Next on a full last page, the server saying no book follows it", () => {
    pages.set(null, { books: books(1, 8), isDone: true, continueCursor: "after8" } satisfies Page);
    renderPage();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  });

  it("offers Next on the last counted page while a book still follows it, and counts that page", async () => {
    // 17 books, the reader on page 2, two books of page 1 deleted: the counter says 2 pages, but
    // the cursor-based page 2 still has Book 17 after it.
    pages.set(null, { books: books(1, 8), isDone: false, continueCursor: "after8" } satisfies Page);
    pages.set("after8", { books: books(9, 8), isDone: false, continueCursor: "after16" } satisfies Page);
    pages.set("after16", { books: books(17, 1), isDone: true, continueCursor: "end" } satisfies Page);
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "false");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("link", { name: "Book 17" })).toBeInTheDocument();
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  });

  it("keeps the keyboard focus on Next when Enter brings the last page, where Next then does nothing", async () => {
    twoPages();
    const user = renderPage();
    screen.getByRole("button", { name: "Next" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    expect(next).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(address()).toBe("/books?page=2");
  });

  it("keeps the current page on screen while the next one loads", async () => {
    pages.set(null, { books: books(1, 8), isDone: false, continueCursor: "after8" } satisfies Page);
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(queried()).toContain("after8");
    expect(screen.getByRole("link", { name: "Book 1" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
