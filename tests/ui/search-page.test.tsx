import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { FunctionReturnType } from "convex/server";
import { Link, useNavigate } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import SearchRoute from "@/app/search-route";
import { TopBarSearch } from "@/features/search/components/top-bar-search";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { SEARCH_MAX_CHARS, SEARCH_TEXTS } from "@convex/shared/search";
import { createConvexMock, paginated } from "./convex-mock";
import { Landed, renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

type All = FunctionReturnType<typeof api.search.all>;
type Book = All["books"]["items"][number];
type Post = All["posts"]["items"][number];

const book = (id: string, title: string): Book => ({
  _id: id as Id<"books">,
  _creationTime: 0,
  title,
  imageUrl: null,
  likes: 0,
  comments: 0,
  creator: { userId: "alice" as Id<"users">, displayName: "Alice", photoURL: null },
});

const post = (id: string, title: string): Post => ({
  _id: id as Id<"posts">,
  _creationTime: Date.UTC(2026, 2, 4),
  title,
  category: "science",
  imageUrl: null,
  views: 1,
  likes: 0,
  comments: 0,
});

const nothing = { items: [], hasMore: false };
const allWith = (changes: Partial<All>): All => ({
  people: nothing,
  books: nothing,
  posts: nothing,
  chatRooms: nothing,
  ...changes,
});

/** A page with a link to /search before it, and a Back button on it: Back shows what history holds. */
function renderAfterAnotherPage() {
  function BackButton() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate(-1)}>
        Test back
      </button>
    );
  }
  return renderWithApp(null, {
    route: "/before",
    routes: {
      "/before": <Link to="/search">Go search</Link>,
      "/search": (
        <>
          <BackButton />
          <SearchRoute />
        </>
      ),
    },
  });
}

const asked = () => convex.calls(api.search.all).map((args) => args.query);

describe("/search", () => {
  it("shows the hint, asks nothing, and takes the focus when empty", async () => {
    renderWithApp(<SearchRoute />, { route: "/search" });
    expect(screen.getByText(SEARCH_TEXTS.hint)).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: /search people, books/i })).toHaveFocus();
    await userType("a");
    await pause();
    expect(screen.getByText(SEARCH_TEXTS.hint)).toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it("asks once typing pauses, for the newest words only, and writes them to the address", async () => {
    convex.onQuery(api.search.all, allWith({ books: { items: [book("b1", "The Dragon Book")], hasMore: false } }));
    const { location } = renderWithApp(<SearchRoute />, { route: "/search" });
    await userType("dra");
    await userType("g");
    await userType("on");
    expect(asked()).toEqual([]);
    await screen.findByRole("link", { name: "The Dragon Book" });
    expect(new Set(asked())).toEqual(new Set(["dragon"]));
    expect(location().search).toBe("?q=dragon");
  });

  it("marks the words found, as text", async () => {
    convex.onQuery(api.search.all, allWith({ books: { items: [book("b1", "<b>Dragon</b> tales")], hasMore: false } }));
    renderWithApp(<SearchRoute />, { route: "/search?q=dragon" });
    const link = await screen.findByRole("link", { name: "<b>Dragon</b> tales" });
    const marks = link.querySelectorAll("mark");
    expect(Array.from(marks, (mark) => mark.textContent)).toEqual(["Dragon"]);
    expect(link.querySelector("b")).toBeNull();
  });

  it("keeps the last results on screen, marked busy, until the newest arrive, and never shows older ones after", async () => {
    const answers = new Map<string, All | undefined>([
      ["sea", allWith({ posts: { items: [post("p1", "Sea stories")], hasMore: false } })],
    ]);
    convex.onQuery(api.search.all, ({ query }) => answers.get(query));
    const { user } = renderWithApp(<SearchRoute />, { route: "/search?q=sea" });
    await screen.findByRole("link", { name: "Sea stories" });

    const field = screen.getByRole("searchbox", { name: /search people, books/i });
    await user.clear(field);
    await user.type(field, "seal");
    await waitFor(() => expect(asked()).toContain("seal"));
    // "seal" has not answered: the "sea" results stay, busy.
    expect(screen.getByRole("list", { name: "Found posts" })).toHaveAttribute("aria-busy", "true");

    act(() => {
      answers.set("seal", allWith({ posts: { items: [post("p2", "Seals at sea")], hasMore: false } }));
      convex.onQuery(api.search.all, ({ query }) => answers.get(query));
    });
    await screen.findByRole("link", { name: "Seals at sea" });
    expect(screen.queryByRole("link", { name: "Sea stories" })).toBeNull();
    expect(screen.getByRole("list", { name: "Found posts" })).toHaveAttribute("aria-busy", "false");
  });

  it("cuts a pasted 5,000-character query and says so", async () => {
    const { user } = renderWithApp(<SearchRoute />, { route: "/search" });
    const field = screen.getByRole("searchbox", { name: /search people, books/i });
    await user.click(field);
    await user.paste("x".repeat(5000));
    expect(field).toHaveValue("x".repeat(SEARCH_MAX_CHARS));
    expect(screen.getByText(SEARCH_TEXTS.tooLong)).toBeInTheDocument();
  });

  it("says so when nothing is found", async () => {
    convex.onQuery(api.search.all, allWith({}));
    renderWithApp(<SearchRoute />, { route: "/search?q=zzz" });
    expect(await screen.findByText(SEARCH_TEXTS.noResults)).toBeInTheDocument();
  });

  it("moves between tabs with the arrow keys and keeps the tab in the address", async () => {
    convex.onQuery(api.search.all, allWith({}));
    convex.onQuery(api.search.people, paginated([]));
    const { user, location } = renderWithApp(<SearchRoute />, { route: "/search?q=ann" });
    const all = screen.getByRole("tab", { name: "All" });
    expect(all).toHaveAttribute("aria-selected", "true");
    all.focus();
    await user.keyboard("{ArrowRight}");
    const people = screen.getByRole("tab", { name: "People" });
    expect(people).toHaveAttribute("aria-selected", "true");
    expect(people).toHaveFocus();
    expect(location().search).toBe("?q=ann&type=people");
    expect(screen.getByRole("tabpanel", { name: "People" })).toBeInTheDocument();
  });

  it("'See all' opens the kind's tab; its results come a page at a time", async () => {
    const books = [book("b1", "Sea one"), book("b2", "Sea two"), book("b3", "Sea three")];
    convex.onQuery(api.search.all, allWith({ books: { items: books, hasMore: true } }));
    convex.onQuery(api.search.books, paginated([...books, book("b4", "Sea four")], { isDone: false }));
    const { user, location } = renderWithApp(<SearchRoute />, { route: "/search?q=sea" });
    await user.click(await screen.findByRole("button", { name: "See all books" }));
    expect(location().search).toBe("?q=sea&type=books");
    await screen.findByRole("link", { name: "Sea four" });
    await user.click(screen.getByRole("button", { name: "Load more books" }));
    expect(convex.loadMore(api.search.books)).toHaveBeenCalledWith(10);
  });

  it("filters posts by one category", async () => {
    convex.onQuery(api.search.posts, paginated([post("p1", "Sea science")]));
    const { user, location } = renderWithApp(<SearchRoute />, { route: "/search?q=sea&type=posts" });
    await screen.findByRole("link", { name: "Sea science" });
    await user.click(screen.getByRole("button", { name: "Science" }));
    expect(location().search).toBe("?q=sea&type=posts&category=science");
    await waitFor(() =>
      expect(convex.calls(api.search.posts).at(-1)).toMatchObject({ query: "sea", category: "science" }),
    );
    expect(screen.getByRole("button", { name: "Science" })).toHaveAttribute("aria-pressed", "true");
  });

  it("goes through the results with the arrow keys from the field, and Enter opens one", async () => {
    convex.onQuery(
      api.search.books,
      paginated([book("b1", "Sea one"), book("b2", "Sea two"), book("b3", "Sea three")]),
    );
    const { user, location } = renderWithApp(<SearchRoute />, {
      route: "/search?q=sea&type=books",
      routes: { "/books/:bookId": <Landed /> },
    });
    await screen.findByRole("link", { name: "Sea one" });
    screen.getByRole("searchbox", { name: /search people, books/i }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Sea one" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("link", { name: "Sea three" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("link", { name: "Sea two" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(location().pathname).toBe("/books/b2");
  });

  it("shows an error in the results' place when the search fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    convex.onQuery(api.search.all, () => {
      throw new Error("boom");
    });
    renderWithApp(<SearchRoute />, { route: "/search?q=sea" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Error loading results");
    expect(screen.getByRole("searchbox", { name: /search people, books/i })).toBeInTheDocument();
  });

  it("typing replaces the history entry: Back leaves the search", async () => {
    convex.onQuery(api.search.all, allWith({}));
    const { user, location } = renderAfterAnotherPage();
    await user.click(screen.getByRole("link", { name: "Go search" }));
    await userType("dragon");
    await waitFor(() => expect(location().search).toBe("?q=dragon"));
    await user.type(screen.getByRole("searchbox", { name: /search people, books/i }), " tales");
    await waitFor(() => expect(location().search).toBe("?q=dragon+tales"));
    await user.click(screen.getByRole("button", { name: "Test back" }));
    expect(location().pathname).toBe("/before");
  });
});

describe("the top bar's search", () => {
  it("goes to /search?q=… with what was typed", async () => {
    const { user, location } = renderWithApp(<TopBarSearch />, { routes: { "/search": <Landed /> } });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "dragon tales{Enter}");
    expect(location().pathname + location().search).toBe("/search?q=dragon+tales");
  });

  it("'/' goes to the search from anywhere, but not while typing elsewhere", async () => {
    const { user, location } = renderWithApp(
      <>
        <TopBarSearch />
        <textarea aria-label="Comment" />
      </>,
      { routes: { "/search": <Landed /> } },
    );
    await user.type(screen.getByRole("textbox", { name: "Comment" }), "a/b");
    expect(location().pathname).toBe("/");
    fireEvent.keyDown(document.body, { key: "/" });
    // jsdom lays nothing out, so no field is "on screen": the shortcut opens the page instead.
    expect(location().pathname).toBe("/search");
    within(document.body).getByText("Landed at /search");
  });
});

async function userType(text: string) {
  const field = screen.getByRole("searchbox", { name: /search people, books/i });
  fireEvent.change(field, { target: { value: (field as HTMLInputElement).value + text } });
}

async function pause(ms = 300) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}
