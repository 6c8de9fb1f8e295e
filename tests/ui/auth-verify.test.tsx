import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import DevMailboxPage from "@/features/auth/dev-mailbox-page";
import VerifyEmailPage from "@/features/auth/verify-email-page";
import { newRegistrationKey } from "@/features/auth/browser-keys";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { createConvexMock } from "./convex-mock";
import { Landed, renderWithApp } from "./render";

const signIn = vi.hoisted(() => vi.fn());

vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn, signOut: vi.fn() }) }));
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

/** The page at `path`, opened at `url` in StrictMode like the app; where a navigation ends shows "Landed at …". */
function renderPage(path: string, url: string, page: ReactElement) {
  return renderWithApp(page, { route: url, path, strict: true, routes: { "*": <Landed /> } });
}

let doraKey = "";

beforeEach(() => {
  signIn.mockReset();
  convex.onQuery(api.users.signInOptions, { google: false, devMailbox: true });
  convex.onQuery(api.users.viewer, null);
  localStorage.clear();
  // Unless a test says otherwise, this browser is the one that registered dora@example.com.
  doraKey = newRegistrationKey("dora@example.com");
});

const verification = (code: string, extra: Record<string, string> = {}) => [
  "password",
  {
    flow: "email-verification",
    email: "dora@example.com",
    code,
    clientId: expect.any(String),
    registrationKey: doraKey,
    ...extra,
  },
];

describe("verify email screen", () => {
  it("shows whose address the e-mail's link verifies and verifies only after one click, then continues to ?redirect=", async () => {
    signIn.mockResolvedValue({ signingIn: true });
    renderPage(
      "/verify-email",
      "/verify-email?email=dora%40example.com&code=12345678&redirect=%2Fdumy%3Fpage%3D2",
      <VerifyEmailPage />,
    );
    expect(screen.getByText(/Verify dora@example.com and log in as its owner\?/)).toBeVisible();
    expect(screen.getByLabelText("Verification code")).toHaveValue("12345678");
    expect(signIn).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Landed at /dumy?page=2")).toBeVisible();
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith(...verification("12345678"));
  });

  it("asks for the registration password when this browser did not register the address", async () => {
    localStorage.clear();
    doraKey = "";
    signIn.mockResolvedValue({ signingIn: true });
    renderPage("/verify-email", "/verify-email?email=dora%40example.com&code=12345678", <VerifyEmailPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.verifyNeedsPassword);
    expect(signIn).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Password"), "secret-1");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(signIn).toHaveBeenCalledWith(...verification("12345678", { password: "secret-1" }));
  });

  it("never verifies over an open session: it says who is logged in and offers no form", () => {
    convex.onQuery(api.users.viewer, {
      userId: "me" as Id<"users">,
      email: "me@example.com",
      emailVerified: true,
      displayName: "Me",
      photoURL: null,
      needsName: false,
    });
    renderPage("/verify-email", "/verify-email?email=dora%40example.com&code=12345678", <VerifyEmailPage />);
    expect(screen.getByText(/You are logged in as me@example.com/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Verify" })).toBeNull();
    expect(signIn).not.toHaveBeenCalled();
  });

  it("verifies a typed code and goes to BOOK_CROSS without a redirect (seed §4)", async () => {
    signIn.mockResolvedValue({ signingIn: true });
    renderPage("/verify-email", "/verify-email?email=dora%40example.com", <VerifyEmailPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Verification code"), "1234 5678");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(signIn).toHaveBeenCalledWith(...verification("12345678"));
    expect(await screen.findByText("Landed at /books")).toBeVisible();
  });

  it("goes to BOOK_CROSS when the page asked for was only home", async () => {
    signIn.mockResolvedValue({ signingIn: true });
    renderPage(
      "/verify-email",
      "/verify-email?email=dora%40example.com&code=12345678&redirect=%2F",
      <VerifyEmailPage />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Landed at /books")).toBeVisible();
  });

  it("asks for all 8 digits before sending", async () => {
    renderPage("/verify-email", "/verify-email?email=dora%40example.com", <VerifyEmailPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Verification code"), "1234");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter the 8-digit code from the e-mail.");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong code and stays", async () => {
    signIn.mockRejectedValue(new ConvexError(AUTH_MESSAGES.invalidCode));
    renderPage("/verify-email", "/verify-email?email=dora%40example.com&code=00000000", <VerifyEmailPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(AUTH_MESSAGES.invalidCode)).toBeVisible();
    expect(screen.getByRole("button", { name: "Verify" })).toHaveAttribute("aria-disabled", "false");
  });

  it("resends the code and confirms it", async () => {
    signIn.mockResolvedValue({ signingIn: false });
    renderPage("/verify-email", "/verify-email?email=dora%40example.com", <VerifyEmailPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Resend verification" }));
    expect(signIn).toHaveBeenCalledWith("password", {
      flow: "email-verification",
      email: "dora@example.com",
      clientId: expect.any(String),
    });
    expect(await screen.findByRole("status")).toHaveTextContent(AUTH_MESSAGES.resent);
  });

  it("asks to log in again when there is no address or no account to resend to", async () => {
    renderPage("/verify-email", "/verify-email", <VerifyEmailPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Resend verification" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.resendNeedsLogin);

    signIn.mockRejectedValue(new ConvexError(AUTH_MESSAGES.accountNotFound));
    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Resend verification" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.resendNeedsLogin);
  });

  it("says 'Failed to resend verification email. Please try again.' when sending fails", async () => {
    signIn.mockRejectedValue(new Error("Server Error"));
    renderPage("/verify-email", "/verify-email?email=dora%40example.com", <VerifyEmailPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Resend verification" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_MESSAGES.resendFailed);
  });

  it("links back to the login screen", () => {
    renderPage("/verify-email", "/verify-email?email=dora%40example.com&redirect=%2Fdumy", <VerifyEmailPage />);
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login?redirect=%2Fdumy");
  });
});

describe("dev mailbox page", () => {
  it("lists recipient, subject, code, clickable link and time", () => {
    const link = "http://127.0.0.1:5173/verify-email?email=dora%40example.com&code=12345678";
    convex.onQuery(api.devMailbox.list, [
      {
        _id: "m1" as Id<"devMailbox">,
        _creationTime: Date.UTC(2025, 0, 2),
        to: "dora@example.com",
        subject: "Your DUMY verification code",
        code: "12345678",
        link,
      },
    ]);
    renderPage("/dev/mailbox", "/dev/mailbox", <DevMailboxPage />);
    const message = within(screen.getByRole("list", { name: "Messages" })).getByRole("listitem");
    expect(message).toHaveTextContent("dora@example.com");
    expect(message).toHaveTextContent("Your DUMY verification code");
    expect(message).toHaveTextContent("12345678");
    expect(within(message).getByRole("link", { name: link })).toHaveAttribute("href", link);
    expect(message.querySelector("time")).toHaveAttribute("dateTime", "2025-01-02T00:00:00.000Z");
  });

  it("says when there are no e-mails yet", () => {
    convex.onQuery(api.devMailbox.list, []);
    renderPage("/dev/mailbox", "/dev/mailbox", <DevMailboxPage />);
    expect(screen.getByText(/No e-mails yet/)).toBeVisible();
  });

  it("says the mailbox is not available, without asking for the list, on a real deployment", () => {
    convex.onQuery(api.users.viewer, undefined);
    convex.onQuery(api.users.signInOptions, { google: false, devMailbox: false });
    convex.onQuery(api.devMailbox.list, () => {
      throw new Error("the list must not be queried");
    });
    renderPage("/dev/mailbox", "/dev/mailbox", <DevMailboxPage />);
    expect(screen.getByText(AUTH_MESSAGES.mailboxUnavailable)).toBeVisible();
  });
});
