import { screen, waitFor, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ReportedItemCard } from "@/features/moderation/components/reported-item-card";
import type { ReportedItem } from "@/features/moderation/moderation-types";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("sonner", () => ({ toast }));

const convex = createConvexMock();
const removeAll = convex.mutation(api.moderation.removeAllContent);

const author = { userId: "user1" as Id<"users">, displayName: "Spammy Sam", photoURL: null, suspendedUntil: null };

function reportedPost(over: Partial<ReportedItem> = {}): ReportedItem {
  return {
    _id: "item1" as Id<"reportedItems">,
    target: { kind: "post", id: "post1" },
    reportCount: 3,
    lastReportedAt: Date.now(),
    author,
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

function renderCard(item: ReportedItem) {
  return renderWithApp(
    <ul>
      <ReportedItemCard item={item} />
    </ul>,
  );
}

async function openDialog() {
  const { user } = renderCard(reportedPost());
  await user.click(screen.getByRole("button", { name: "Remove all content" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Remove all content of Spammy Sam?" }) };
}

beforeEach(() => {
  for (const mock of Object.values(toast)) mock.mockReset();
});

describe("Remove all content", () => {
  it("is not offered where the viewer may not act on the author", () => {
    renderCard(reportedPost({ canRemoveAllOfAuthor: false }));
    expect(screen.queryByRole("button", { name: "Remove all content" })).not.toBeInTheDocument();
  });

  it("asks first, naming the person and what will be removed", async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      /Every book, post, book comment, post comment, chat room they created, chat message and private message of theirs is deleted/,
    );
    expect(within(dialog).getByLabelText(/Reason/)).toBeRequired();
    expect(removeAll).not.toHaveBeenCalled();
  });

  it("needs a reason before it starts anything", async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Reason/), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Remove all content" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please give a reason for the removal.");
    expect(removeAll).not.toHaveBeenCalled();
  });

  it("starts the removal with the reason, says it started and closes", async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Reason/), "Spam links everywhere");
    await user.click(within(dialog).getByRole("button", { name: "Remove all content" }));
    expect(removeAll).toHaveBeenCalledWith({ userId: author.userId, reason: "Spam links everywhere" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining("Removing all content of Spammy Sam"));
  });

  it("shows the server's refusal and stays open with the reason kept", async () => {
    removeAll.mockRejectedValue(new ConvexError("Only an admin can remove all content of a moderator or an admin."));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Reason/), "Spam");
    await user.click(within(dialog).getByRole("button", { name: "Remove all content" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue("Spam");
  });
});

describe("a burst of reports not counted yet", () => {
  it("says the count is at least what it shows", () => {
    // The card's reports query read 10 reports, all newer than the stored count of 1.
    convex.onQuery(api.moderationLists.reportsOf, { reportCount: 11, reportCountIsLowerBound: true, reports: [] });
    renderCard(reportedPost({ reportCount: 1 }));
    expect(screen.getByText("11+ reports")).toBeInTheDocument();
    expect(screen.getByText("and 11+ more")).toBeInTheDocument();
  });
});
