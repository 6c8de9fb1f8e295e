import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ForgotPasswordPage from "@/features/auth/forgot-password-page";
import LoginPage from "@/features/auth/login-page";
import ResetPasswordPage from "@/features/auth/reset-password-page";
import { shouldConvexAuthHandleCode } from "@/features/auth/should-handle-code";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { createConvexMock } from "./convex-mock";
import { Landed, renderWithApp } from "./render";

const signIn = vi.hoisted(() => vi.fn());
const signOut = vi.hoisted(() => vi.fn());

vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn, signOut }) }));
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

beforeEach(() => {
  signIn.mockReset();
  signOut.mockReset();
  convex.onQuery(api.users.signInOptions, { google: false, devMailbox: true });
  convex.onQuery(api.users.viewer, null);
});

const reset = (extra: Record<string, string>) => [
  "password",
  { flow: "reset-verification", email: "dora@example.com", clientId: expect.any(String), ...extra },
];

describe("forgot password", () => {
  it("is linked from the login page with the address typed so far", async () => {
    renderWithApp(<LoginPage />, { route: "/login", path: "/login", routes: { "*": <Landed /> } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "Dora@Example.com");
    await user.click(screen.getByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByText("Landed at /forgot-password?email=dora%40example.com")).toBeVisible();
  });

  it("asks for the code, then shows the neutral answer on the reset page", async () => {
    signIn.mockResolvedValue({ signingIn: false });
    renderWithApp(<ForgotPasswordPage />, {
      route: "/forgot-password?email=dora%40example.com",
      path: "/forgot-password",
      routes: { "/reset-password": <ResetPasswordPage /> },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Send code" }));
    expect(signIn).toHaveBeenCalledWith("password", {
      flow: "reset",
      email: "dora@example.com",
      clientId: expect.any(String),
    });
    expect(await screen.findByText(AUTH_MESSAGES.resetSent)).toBeVisible();
    expect(screen.getByLabelText("Email")).toHaveValue("dora@example.com");
  });

  it("refuses an address that is not one before sending", async () => {
    renderWithApp(<ForgotPasswordPage />, { route: "/forgot-password", path: "/forgot-password" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "dora");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.invalidEmail);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("shows the server's limit message and stays", async () => {
    const limit = "Too many password reset e-mails. Please try again in 7 minutes.";
    signIn.mockRejectedValue(new ConvexError(limit));
    renderWithApp(<ForgotPasswordPage />, { route: "/forgot-password?email=dora%40example.com", path: "*" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText(limit)).toBeVisible();
  });
});

describe("reset password", () => {
  function openLink(url = "/reset-password?email=dora%40example.com&code=12345678") {
    return renderWithApp(<ResetPasswordPage />, {
      route: url,
      path: "/reset-password",
      strict: true,
      routes: { "*": <Landed /> },
    });
  }

  it("takes the mailed link's code, sets the new password, and lands home signed in", async () => {
    signIn.mockResolvedValue({ signingIn: true });
    openLink();
    expect(screen.getByLabelText("Reset code")).toHaveValue("12345678");
    expect(screen.queryByText(AUTH_MESSAGES.resetSent)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "brand-new-pw");
    await user.type(screen.getByLabelText("Confirm new password"), "brand-new-pw");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(signIn).toHaveBeenCalledWith(...reset({ code: "12345678", newPassword: "brand-new-pw" }));
    expect(await screen.findByText("Landed at /")).toBeVisible();
  });

  it("checks the passwords with registration's rules before sending", async () => {
    openLink();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "brand-new-pw");
    await user.type(screen.getByLabelText("Confirm new password"), "brand-new-px");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.passwordsDoNotMatch);
    await user.clear(screen.getByLabelText("New password"));
    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("New password"), "12345");
    await user.type(screen.getByLabelText("Confirm new password"), "12345");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.weakPassword);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("asks for all 8 digits of the code", async () => {
    openLink("/reset-password?email=dora%40example.com");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reset code"), "1234");
    await user.type(screen.getByLabelText("New password"), "brand-new-pw");
    await user.type(screen.getByLabelText("Confirm new password"), "brand-new-pw");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter the 8-digit code from the e-mail.");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong code, stays, and offers a new code", async () => {
    signIn.mockRejectedValue(new ConvexError(AUTH_MESSAGES.invalidResetCode));
    openLink();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "brand-new-pw");
    await user.type(screen.getByLabelText("Confirm new password"), "brand-new-pw");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText(AUTH_MESSAGES.invalidResetCode)).toBeVisible();
    expect(screen.getByRole("link", { name: "Request a new code" })).toHaveAttribute(
      "href",
      "/forgot-password?email=dora%40example.com",
    );
  });

  it("never resets over an open session: it says who is logged in and offers to log out first", async () => {
    convex.onQuery(api.users.viewer, {
      userId: "me" as Id<"users">,
      email: "me@example.com",
      emailVerified: true,
      displayName: "Me",
      photoURL: null,
      needsName: false,
    });
    signOut.mockResolvedValue(undefined);
    openLink();
    expect(screen.getByText(/You are logged in as me@example.com\. Log out first to reset a password\./)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Set new password" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Log out" }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signIn).not.toHaveBeenCalled();
  });
});

describe("the mailed link's code", () => {
  it("is left to the reset page, not taken by Convex Auth's provider as an OAuth code", () => {
    const before = window.location.href;
    try {
      window.history.replaceState(null, "", "/reset-password?email=dora%40example.com&code=12345678");
      expect(shouldConvexAuthHandleCode()).toBe(false);
      window.history.replaceState(null, "", "/?code=oauth-code");
      expect(shouldConvexAuthHandleCode()).toBe(true);
    } finally {
      window.history.replaceState(null, "", before);
    }
  });
});
