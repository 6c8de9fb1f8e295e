import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ReportedItemCard } from "@/features/moderation/components/reported-item-card";
import type { ItemReports, ReportedItem } from "@/features/moderation/moderation-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));

const convex = createConvexMock();

/** The card's own reports query (moderationLists.reportsOf): one report by Bob. */
const oneReport: ItemReports = {
  reportCount: 1,
  reportCountIsLowerBound: false,
  reports: [
    {
      _id: "report1" as Id<"reports">,
      _creationTime: Date.now(),
      reason: "spam",
      text: "Links everywhere",
      reporter: { userId: "user2" as Id<"users">, displayName: "Bob", photoURL: null },
    },
  ],
};

/** A reported post whose author may be acted on in every way; `over` narrows what the viewer may do. */
function reportedPost(over: Partial<ReportedItem> = {}): ReportedItem {
  return {
    _id: "item1" as Id<"reportedItems">,
    target: { kind: "post", id: "post1" },
    reportCount: 1,
    lastReportedAt: Date.now(),
    author: { userId: "user1" as Id<"users">, displayName: "Ada", photoURL: null, suspendedUntil: null },
    authorSuspended: false,
    canRemove: true,
    canDismiss: true,
    canSuspendAuthor: true,
    canRemoveAllOfAuthor: true,
    refusal: null,
    content: { title: "Buy followers", text: "Cheap", imageUrl: null, parentId: null },
    ...over,
  };
}

const nothingAllowed = {
  canRemove: false,
  canDismiss: false,
  canSuspendAuthor: false,
  canRemoveAllOfAuthor: false,
} as const;

function card(item: ReportedItem) {
  renderWithApp(
    <ul>
      <ReportedItemCard item={item} />
    </ul>,
  );
  return screen.getByRole("listitem", { name: "Post: Buy followers" });
}

const actionNames = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole("button")
    .map((button) => button.textContent);

describe("a reported item's actions", () => {
  it("offers Remove, Dismiss, Suspend author and Remove all content when the viewer may do them all", () => {
    expect(actionNames(card(reportedPost()))).toEqual(["Remove", "Dismiss", "Suspend author", "Remove all content"]);
  });

  it("offers nothing on the viewer's own content, and says another moderator decides", () => {
    const item = card(reportedPost({ ...nothingAllowed, refusal: "ownContent" }));
    expect(actionNames(item)).toEqual([]);
    expect(item).toHaveTextContent("This report is about your own content: another moderator decides.");
  });

  it("offers nothing on a moderator's content to a moderator, and says only an admin can", () => {
    const item = card(reportedPost({ ...nothingAllowed, refusal: "staffContent" }));
    expect(actionNames(item)).toEqual([]);
    expect(item).toHaveTextContent("Only an admin can act on a moderator's content.");
  });

  it("shows only the actions allowed, without an explanation, when some are", () => {
    const item = card(reportedPost({ canSuspendAuthor: false, canRemoveAllOfAuthor: false }));
    expect(actionNames(item)).toEqual(["Remove", "Dismiss"]);
    expect(item).not.toHaveTextContent(/another moderator|Only an admin/);
  });

  it("offers no second suspension of an author already suspended", () => {
    const item = card(reportedPost({ authorSuspended: true }));
    expect(actionNames(item)).toEqual(["Remove", "Dismiss", "Remove all content"]);
  });
});

describe("a reported item's reports", () => {
  it("loads them with the card's own query, holding their place meanwhile", () => {
    const item = card(reportedPost({ reportCount: 2 }));
    // Until they load, the stored count stands and one line holds the place of the first report.
    expect(within(item).getByText("2 reports")).toBeInTheDocument();
    const list = within(item).getByRole("list", { name: "Reports of this post" });
    expect(list).toHaveAttribute("aria-busy", "true");
    expect(list).toHaveTextContent("Loading reports...");
    expect(convex.calls(api.moderationLists.reportsOf)).toContainEqual({ itemId: "item1" });
  });

  it("shows each report's reason, reporter and words, and the exact count", () => {
    convex.onQuery(api.moderationLists.reportsOf, oneReport);
    const item = card(reportedPost({ reportCount: 0 }));
    expect(within(item).getByText("1 report")).toBeInTheDocument();
    const list = within(item).getByRole("list", { name: "Reports of this post" });
    expect(list).toHaveAttribute("aria-busy", "false");
    expect(list).toHaveTextContent(/Spam · Bob ·/);
    expect(list).toHaveTextContent("Links everywhere");
    expect(list).not.toHaveTextContent("more");
  });

  it("says how many more there are than it shows", () => {
    convex.onQuery(api.moderationLists.reportsOf, { ...oneReport, reportCount: 4 });
    const item = card(reportedPost({ reportCount: 4 }));
    expect(within(item).getByText("4 reports")).toBeInTheDocument();
    expect(within(item).getByText("and 3 more")).toBeInTheDocument();
  });
});
