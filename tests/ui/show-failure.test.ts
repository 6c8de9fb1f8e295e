import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

import { UserFacingError } from "@/lib/error-text";
import { withFailureToast } from "@/lib/show-failure";

describe("withFailureToast", () => {
  beforeEach(() => toast.error.mockReset());

  it("returns the call's result and shows nothing when it succeeds", async () => {
    await expect(withFailureToast(() => Promise.resolve(42), "Failed")).resolves.toBe(42);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows the server's message from a ConvexError and rethrows it", async () => {
    const failure = new ConvexError("Only the owner can edit this book");
    await expect(withFailureToast(() => Promise.reject(failure), "Failed")).rejects.toBe(failure);
    expect(toast.error).toHaveBeenCalledWith("Only the owner can edit this book");
  });

  it("shows what the browser found wrong (an unreadable image) instead of the fallback", async () => {
    const failure = new UserFacingError("This file could not be read as an image");
    await expect(withFailureToast(() => Promise.reject(failure), "Failed to add post")).rejects.toBe(failure);
    expect(toast.error).toHaveBeenCalledWith("This file could not be read as an image");
  });

  it("shows the fallback for a failure without a server message", async () => {
    await expect(
      withFailureToast(() => Promise.reject(new Error("socket closed")), "Failed to add post"),
    ).rejects.toThrow("socket closed");
    expect(toast.error).toHaveBeenCalledWith("Failed to add post");
  });
});
