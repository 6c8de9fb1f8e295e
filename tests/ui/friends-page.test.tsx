import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import FriendsPage from "@/features/friends/friends-page";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

// When true, someone follows page 2 although the counter says 2 pages (people before the cursor left).
const thirdPage = { exists: false };

type Person = {
  userId: Id<"users">;
  displayName: string;
  photoURL: null;
  isYou: boolean;
  isFriend: boolean;
  friendsWithYou: boolean;
};

const person = (name: string, changes: Partial<Person> = {}): Person => ({
  userId: name.toLowerCase() as Id<"users">,
  displayName: name,
  photoURL: null,
  isYou: false,
  isFriend: false,
  friendsWithYou: false,
  ...changes,
});

function renderPage() {
  return renderWithApp(<FriendsPage />).user;
}

beforeEach(() => {
  thirdPage.exists = false;
  convex.onQuery(api.friends.peopleTotalPages, 2);
  convex.onQuery(api.friends.mine, paginated([]));
  // friends:people answers per (search, cursor); every call is recorded.
  convex.onQuery(api.friends.people, (args) => {
    if (args.search && args.cursor === "s2") return { people: [], isDone: true, continueCursor: "" };
    // A search cannot tell that its full page was the last one (it has no range to look past).
    if (args.search) return { people: [person("Maria Silva")], isDone: false, continueCursor: "s2" };
    if (args.cursor === null) {
      return {
        people: [person("Ann", { isYou: true }), person("Ben", { isFriend: true, friendsWithYou: true })],
        isDone: false,
        continueCursor: "p2",
      };
    }
    if (args.cursor === "p2" && thirdPage.exists) {
      return { people: [person("Yan")], isDone: false, continueCursor: "p3" };
    }
    return { people: [person("Zoe")], isDone: true, continueCursor: "" };
  });
});

describe("the friends page", () => {
  it("lists everyone with Add Friend / Unfriend and Message, and nothing to press on your own row", () => {
    renderPage();
    const everyone = screen.getByRole("region", { name: "Everyone" });
    const [you, ben] = within(everyone).getAllByRole("listitem");
    expect(within(you!).getByText("This is you")).toBeInTheDocument();
    expect(within(you!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(ben!).getByRole("button", { name: "Unfriend (Ben)" })).toBeInTheDocument();
    expect(within(ben!).getByRole("button", { name: "Message (Ben)" })).toBeInTheDocument();
    expect(within(ben!).getByText("Friends with you")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Your Friends" })).getByText(/not added anyone yet/),
    ).toBeVisible();
  });

  it("shows Your Friends with Everyone's first page, under it from the start (no jump down when it arrives)", () => {
    convex.onQuery(api.friends.people, undefined);
    convex.onQuery(api.friends.mine, paginated([person("Ben", { isFriend: true })]));
    renderPage();
    expect(screen.getByRole("region", { name: "Everyone" })).toBeInTheDocument();
    // Loaded already, but not shown while Everyone still says Loading...
    expect(screen.queryByRole("region", { name: "Your Friends" })).not.toBeInTheDocument();
    convex.onQuery(api.friends.people, {
      people: [person("Ann", { isYou: true })],
      isDone: true,
      continueCursor: "",
    });
    expect(within(screen.getByRole("region", { name: "Your Friends" })).getByText("Ben")).toBeVisible();
  });

  it("pages forward and back, and a search starts again at page 1 without a total", async () => {
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Zoe")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search people by name" }), "silva");
    expect(await screen.findByText("Maria Silva")).toBeInTheDocument();
    expect(convex.calls(api.friends.people).at(-1)).toEqual({ search: "silva", cursor: null });
    expect(screen.getByText("Page 1")).toBeInTheDocument();
  });

  it("offers Next on the last counted page while someone still follows it, and counts that page", async () => {
    thirdPage.exists = true;
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Yan")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "false");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Zoe")).toBeInTheDocument();
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  });

  it("says that nobody more matches on the empty page after a search's full last page", async () => {
    const user = renderPage();
    await user.type(screen.getByRole("searchbox", { name: "Search people by name" }), "silva");
    expect(await screen.findByText("Maria Silva")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText('No more people called "silva".', { ignore: "[role=status]" })).toBeInTheDocument();
    expect(screen.queryByText(/No one is called/)).not.toBeInTheDocument();
    expect(screen.getByText("Page 2")).toBeInTheDocument();
  });

  it("tells screen readers what a search found, in a status line that stays on the page", async () => {
    const user = renderPage();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Showing everyone");
    await user.type(screen.getByRole("searchbox", { name: "Search people by name" }), "silva");
    await screen.findByText("Maria Silva");
    expect(screen.getByRole("status")).toBe(status);
    expect(status).toHaveTextContent('Found for "silva": 1 person on this page');
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(status).toHaveTextContent('No more people called "silva".');
  });
});
