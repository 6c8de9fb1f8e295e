import { screen } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { describe, expect, it, vi } from "vitest";
import NameStep from "@/features/profiles/name-step";
import { api } from "@convex/_generated/api";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

describe("the name step after the first sign-in", () => {
  it("saves the name typed, and nothing is filled in for the user", async () => {
    const { user } = renderWithApp(<NameStep />);
    const field = screen.getByRole("textbox", { name: "Your name" });
    expect(field).toHaveValue("");
    await user.type(field, "Nadia");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(convex.mutation(api.profiles.update)).toHaveBeenCalledWith({ displayName: "Nadia" });
  });

  it("asks for a name instead of saving a blank one", async () => {
    const { user } = renderWithApp(<NameStep />);
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "   ");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Display name is required");
    expect(convex.mutation(api.profiles.update)).not.toHaveBeenCalled();
  });

  it("shows the server's reason when saving fails, keeping what was typed", async () => {
    const { user } = renderWithApp(<NameStep />);
    convex
      .mutation(api.profiles.update)
      .mockRejectedValue(new ConvexError("Display name must be at most 60 characters"));
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "Nadia");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Display name must be at most 60 characters");
    expect(screen.getByRole("textbox", { name: "Your name" })).toHaveValue("Nadia");
    expect(screen.getByRole("button", { name: "Save name" })).toBeEnabled();
  });

  it("can be skipped with Not now", async () => {
    const { user } = renderWithApp(<NameStep />);
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(convex.mutation(api.profiles.skipNameStep)).toHaveBeenCalledWith({});
    expect(convex.mutation(api.profiles.update)).not.toHaveBeenCalled();
  });
});
