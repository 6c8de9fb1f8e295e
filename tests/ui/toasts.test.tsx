import { act, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import { showFailure, showSuccess } from "@/lib/toasts";

describe("toasts", () => {
  it("lets a success replace the failures it resolves, so no red message stays behind it", async () => {
    render(<Toaster />);
    act(() => {
      showFailure("Failed to add book. Please try again.");
      showFailure("Title must be at most 120 characters");
    });
    expect(await screen.findByText("Title must be at most 120 characters")).toBeInTheDocument();

    act(() => showSuccess("Book added successfully!"));
    expect(await screen.findByText("Book added successfully!")).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText("Failed to add book. Please try again.")).not.toBeInTheDocument();
      expect(screen.queryByText("Title must be at most 120 characters")).not.toBeInTheDocument();
    });
  });

  it("shows a success on its own when nothing failed", async () => {
    render(<Toaster />);
    act(() => showSuccess("Comment deleted"));
    expect(await screen.findByText("Comment deleted")).toBeInTheDocument();
  });
});
