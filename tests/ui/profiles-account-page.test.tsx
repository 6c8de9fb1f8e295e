import { screen, waitFor, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AccountPage from "@/features/profiles/account-page";
import type { Profile } from "@/features/profiles/profile-draft";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { DEFAULT_PERSONALITY } from "../../convex/shared/validators";
import { createConvexMock, paginated } from "./convex-mock";
import { renderWithApp } from "./render";

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signOut: vi.fn() }) }));
vi.mock("sonner", () => ({ toast: toasts }));

const convex = createConvexMock();

const emptyTexts = {
  hometown: "",
  work: "",
  education: "",
  mobile: "",
  activities: "",
  interests: "",
  favoriteMusic: "",
  favoriteMovies: "",
  favoriteTVShow: "",
  favoriteBooks: "",
  favoriteGames: "",
  favoriteQuote: "",
  aboutMe: "",
  inspiredBy: "",
};

function profile(changes: Partial<Profile> = {}): Profile {
  return {
    userId: "alice" as Id<"users">,
    displayName: "Alice",
    photoURL: null,
    email: "alice@example.com",
    ...emptyTexts,
    hometown: "Lisbon",
    religion: null,
    politicalViews: "Moderate",
    personalPriority: null,
    importantInOthers: null,
    viewsOnSmoking: null,
    viewsOnAlcohol: null,
    personality: { ...DEFAULT_PERSONALITY, mbti: "INFJ" },
    friendCount: 2,
    isOwner: true,
    isFriend: false,
    friendsWithYou: false,
    ...changes,
  };
}

function renderPage() {
  return renderWithApp(<AccountPage />, {
    route: "/account/alice",
    path: "/account/:userId",
    routes: { "/messages/:conversationId": <p>The conversation</p> },
  }).user;
}

beforeEach(() => {
  toasts.success.mockClear();
  toasts.error.mockClear();
  convex.onQuery(api.profiles.postsOf, paginated([]));
  convex.onQuery(api.profiles.booksOf, paginated([]));
});

describe("the account page, seen by its owner", () => {
  it("shows the profile read-only until Edit Profile, then every field as an input", async () => {
    convex.onQuery(api.profiles.get, profile());
    const user = renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Alice" })).toBeInTheDocument();
    expect(screen.getByText("Lisbon")).toBeInTheDocument();
    expect(screen.getByText("INFJ – The Quiet Visionary")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    expect(screen.getByRole("textbox", { name: "Hometown" })).toHaveValue("Lisbon");
    expect(screen.getByRole("textbox", { name: /Display name/ })).toHaveValue("Alice");
    expect(screen.getByRole("combobox", { name: "Political views" })).toHaveValue("Moderate");
    expect(screen.getByRole("combobox", { name: "MBTI type" })).toHaveValue("INFJ");
    expect(within(screen.getByRole("combobox", { name: "MBTI type" })).getAllByRole("option")).toHaveLength(17);
    expect(screen.getAllByRole("slider")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Edit Profile" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("moves the keyboard focus into the form on Edit Profile, and back to it on Cancel and after saving", async () => {
    convex.onQuery(api.profiles.get, profile());
    const user = renderPage();
    screen.getByRole("button", { name: "Edit Profile" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("textbox", { name: /Display name/ })).toHaveFocus();

    screen.getByRole("button", { name: "Cancel" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Edit Profile" })).toHaveFocus();

    await user.keyboard("{Enter}");
    screen.getByRole("button", { name: "Save Profile" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Profile" })).toHaveFocus());
  });

  it("saves the whole form, says so, and goes back to the view", async () => {
    convex.onQuery(api.profiles.get, profile());
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    await user.clear(screen.getByRole("textbox", { name: "Hometown" }));
    await user.type(screen.getByRole("textbox", { name: "Hometown" }), "Porto");
    await user.selectOptions(screen.getByRole("combobox", { name: "Political views" }), "");
    await user.selectOptions(screen.getByRole("combobox", { name: "Temperament" }), "Choleric");
    screen.getByRole("slider", { name: "Political compass" }).focus();
    await user.keyboard("{ArrowRight}");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));

    const update = convex.mutation(api.profiles.update);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![0]).toMatchObject({
      displayName: "Alice",
      hometown: "Porto",
      politicalViews: null,
      personality: { mbti: "INFJ", temperament: "Choleric", politicalCompass: { x: 51, y: 50 } },
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("Profile updated successfully!"));
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("keeps the unsaved edits in the form when saving fails", async () => {
    convex.onQuery(api.profiles.get, profile());
    const user = renderPage();
    convex.mutation(api.profiles.update).mockRejectedValue(new ConvexError("Mobile must be at most 40 characters"));
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    await user.type(screen.getByRole("textbox", { name: "Work" }), "Baker");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));

    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("Failed to save profile. Please try again.", {
        description: "Mobile must be at most 40 characters",
      }),
    );
    expect(screen.getByRole("textbox", { name: "Work" })).toHaveValue("Baker");
    expect(screen.getByRole("alert")).toHaveTextContent("Mobile must be at most 40 characters");
  });

  it("refuses a blank name before asking the server", async () => {
    convex.onQuery(api.profiles.get, profile());
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    await user.clear(screen.getByRole("textbox", { name: /Display name/ }));
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Display name is required");
    expect(convex.mutation(api.profiles.update)).not.toHaveBeenCalled();
  });

  it("offers the avatar picker with the 12 presets, and a failed save says so", async () => {
    convex.onQuery(api.profiles.get, profile());
    const user = renderPage();
    convex.mutation(api.profiles.setAvatar).mockRejectedValue(new Error("offline"));
    await user.click(screen.getByRole("button", { name: "Change avatar" }));
    const dialog = screen.getByRole("dialog", { name: "Choose your avatar" });
    expect(within(dialog).getAllByRole("button", { name: / avatar$/ })).toHaveLength(12);
    await user.click(within(dialog).getByRole("button", { name: "Owl avatar" }));
    expect(convex.mutation(api.profiles.setAvatar)).toHaveBeenCalledWith({ photoURL: "/avatars/2.svg" });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("Failed to update avatar."));
  });
});

describe("the account page, seen by someone else", () => {
  it("shows the same data with Add Friend and no owner controls or e-mail", () => {
    convex.onQuery(api.profiles.get, profile({ isOwner: false, email: null }));
    renderPage();
    expect(screen.getByText("Lisbon")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Friend (Alice)" })).toBeInTheDocument();
    for (const name of ["Edit Profile", "Log Out", "Change avatar"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/alice@example.com/)).not.toBeInTheDocument();
  });

  it("Message opens the one conversation with that person", async () => {
    convex.onQuery(api.profiles.get, profile({ isOwner: false, email: null }));
    convex.mutation(api.conversations.openWith).mockResolvedValue("conv1" as Id<"conversations">);
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Message (Alice)" }));
    expect(convex.mutation(api.conversations.openWith)).toHaveBeenCalledWith({ userId: "alice" });
    expect(await screen.findByText("The conversation")).toBeInTheDocument();
  });

  it("offers Unfriend and says 'Friends with you' when it goes both ways", () => {
    convex.onQuery(api.profiles.get, profile({ isOwner: false, email: null, isFriend: true, friendsWithYou: true }));
    renderPage();
    expect(screen.getByRole("button", { name: "Unfriend (Alice)" })).toBeInTheDocument();
    expect(screen.getByText("Friends with you")).toBeInTheDocument();
  });

  it("says when the profile does not exist", () => {
    convex.onQuery(api.profiles.get, null);
    renderPage();
    expect(screen.getByText("Profile not found")).toBeInTheDocument();
  });
});
