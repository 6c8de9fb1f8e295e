import { screen, waitFor } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ReportButton } from "@/components/moderation/report-button";
import { REASON_REQUIRED, REPORT_SENT } from "@/components/moderation/report-dialog";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("sonner", () => ({ toast }));

// Strict: the dialog may use no Convex function but reports.report (it resolves null).
const convex = createConvexMock({ strict: true });
const report = convex.mutation(api.reports.report);

const target = { kind: "post", id: "post1" as Id<"posts"> } as const;

async function openDialog() {
  const { user } = renderWithApp(<ReportButton target={target} label="post" />);
  await user.click(screen.getByRole("button", { name: "Report post" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Report this post" }) };
}

beforeEach(() => {
  for (const mock of Object.values(toast)) mock.mockReset();
});

describe("the Report dialog", () => {
  it("needs a reason before it sends anything", async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(screen.getByRole("alert")).toHaveTextContent(REASON_REQUIRED);
    expect(report).not.toHaveBeenCalled();
  });

  it("sends the reason and the details, confirms with a toast and closes", async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole("radio", { name: "Spam" }));
    await user.type(screen.getByLabelText("Details (optional)"), "Links to a shop");
    await user.click(screen.getByRole("button", { name: "Send report" }));

    expect(report).toHaveBeenCalledWith({ target, reason: "spam", text: "Links to a shop" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith(REPORT_SENT);
  });

  it("leaves out empty details", async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole("radio", { name: "Hate speech" }));
    await user.type(screen.getByLabelText("Details (optional)"), "   ");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(report).toHaveBeenCalledWith({ target, reason: "hate" });
  });

  it("shows the server's refusal and stays open with the choice kept", async () => {
    report.mockRejectedValue(new ConvexError("You have already reported this. A moderator will look at it."));
    const { user, dialog } = await openDialog();
    await user.click(screen.getByRole("radio", { name: "Spam" }));
    await user.click(screen.getByRole("button", { name: "Send report" }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("You have already reported this. A moderator will look at it."),
    );
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Spam" })).toBeChecked();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
