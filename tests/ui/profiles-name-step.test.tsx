import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName, type FunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import NameStep from "@/features/profiles/name-step";

const mutations = vi.hoisted(() => new Map<string, ReturnType<typeof vi.fn>>());

vi.mock("convex/react", () => ({
  useMutation: (ref: FunctionReference<"mutation">) => {
    const name = getFunctionName(ref);
    if (!mutations.has(name)) mutations.set(name, vi.fn().mockResolvedValue(null));
    return mutations.get(name);
  },
}));

beforeEach(() => mutations.clear());

describe("the name step after the first sign-in", () => {
  it("saves the name typed, and nothing is filled in for the user", async () => {
    const user = userEvent.setup();
    render(<NameStep />);
    const field = screen.getByRole("textbox", { name: "Your name" });
    expect(field).toHaveValue("");
    await user.type(field, "Nadia");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(mutations.get("profiles:update")).toHaveBeenCalledWith({ displayName: "Nadia" });
  });

  it("asks for a name instead of saving a blank one", async () => {
    const user = userEvent.setup();
    render(<NameStep />);
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "   ");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Display name is required");
    expect(mutations.get("profiles:update")).not.toHaveBeenCalled();
  });

  it("shows the server's reason when saving fails, keeping what was typed", async () => {
    const user = userEvent.setup();
    render(<NameStep />);
    mutations.set(
      "profiles:update",
      vi.fn().mockRejectedValue(new ConvexError("Display name must be at most 60 characters")),
    );
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "Nadia");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Display name must be at most 60 characters");
    expect(screen.getByRole("textbox", { name: "Your name" })).toHaveValue("Nadia");
    expect(screen.getByRole("button", { name: "Save name" })).toBeEnabled();
  });

  it("can be skipped with Not now", async () => {
    const user = userEvent.setup();
    render(<NameStep />);
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(mutations.get("profiles:skipNameStep")).toHaveBeenCalledWith({});
    expect(mutations.get("profiles:update")).not.toHaveBeenCalled();
  });
});
