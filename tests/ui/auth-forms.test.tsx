import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import LoginPage from "@/features/auth/login-page";
import RegisterPage from "@/features/auth/register-page";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES } from "../../convex/shared/auth-messages";
import { createConvexMock } from "./convex-mock";
import { Landed, renderWithApp } from "./render";

const signIn = vi.hoisted(() => vi.fn());

vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn, signOut: vi.fn() }) }));
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

beforeEach(() => {
  signIn.mockReset();
  convex.onQuery(api.users.signInOptions, { google: false, devMailbox: false });
});

/** The page at `path`, opened at `url` in StrictMode like the app; where a navigation ends shows "Landed at …". */
function renderPage(path: string, url: string, page: ReactElement) {
  return renderWithApp(page, { route: url, path, strict: true, routes: { "*": <Landed /> } });
}

async function fillRegister(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  if (confirm) await user.type(screen.getByLabelText("Confirm password"), confirm);
  await user.click(screen.getByRole("button", { name: "Register" }));
}

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("register form", () => {
  it("says 'Passwords do not match' and sends nothing when the passwords differ", async () => {
    renderPage("/register", "/register", <RegisterPage />);
    await fillRegister("dora@example.com", "secret-1", "secret-2");
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("asks for at least 6 characters", async () => {
    renderPage("/register", "/register", <RegisterPage />);
    await fillRegister("dora@example.com", "12345", "12345");
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.weakPassword);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("requires an e-mail address", async () => {
    renderPage("/register", "/register", <RegisterPage />);
    await fillRegister("dora", "secret-1", "secret-1");
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.invalidEmail);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("signs up and goes to the verify screen for that address, keeping the return path", async () => {
    signIn.mockResolvedValue({ signingIn: false });
    renderPage("/register", "/register?redirect=%2Fbooks", <RegisterPage />);
    await fillRegister("Dora@Example.com", "secret-1", "secret-1");
    expect(signIn).toHaveBeenCalledWith("password", {
      flow: "signUp",
      email: "Dora@Example.com",
      password: "secret-1",
      clientId: expect.any(String),
      // This browser becomes the one that may verify the address without the password.
      registrationKey: localStorage.getItem("dumy.registration.dora@example.com"),
    });
    expect(await screen.findByText("Landed at /verify-email?email=dora%40example.com&redirect=%2Fbooks")).toBeVisible();
  });

  it("shows the server's message, e.g. 'Email already in use'", async () => {
    signIn.mockRejectedValue(new ConvexError(AUTH_MESSAGES.emailInUse));
    renderPage("/register", "/register", <RegisterPage />);
    await fillRegister("dora@example.com", "secret-1", "secret-1");
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_MESSAGES.emailInUse);
  });

  it("falls back to 'Registration failed. Please try again.' for other failures", async () => {
    signIn.mockRejectedValue(new Error("network down"));
    renderPage("/register", "/register", <RegisterPage />);
    await fillRegister("dora@example.com", "secret-1", "secret-1");
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_MESSAGES.registrationFailed);
  });

  it("offers Google only when the deployment configures it", () => {
    const { unmount } = renderPage("/register", "/register", <RegisterPage />);
    expect(screen.queryByRole("button", { name: "Sign up with Google" })).toBeNull();
    unmount();
    convex.onQuery(api.users.signInOptions, { google: true, devMailbox: false });
    renderPage("/register", "/register", <RegisterPage />);
    expect(screen.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
  });
});

describe("login form", () => {
  it("shows no message box before anything went wrong", () => {
    renderPage("/login", "/login", <LoginPage />);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("requires both fields", async () => {
    renderPage("/login", "/login", <LoginPage />);
    await fillLogin("dora@example.com", "");
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter your email and password.");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("signs in and returns to the guarded page in ?redirect=", async () => {
    signIn.mockResolvedValue({ signingIn: true });
    renderPage("/login", "/login?redirect=%2Fbooks%2Fb1%3Fx%3D1", <LoginPage />);
    await fillLogin("dora@example.com", "secret-1");
    expect(signIn).toHaveBeenCalledWith("password", {
      flow: "signIn",
      email: "dora@example.com",
      password: "secret-1",
      clientId: expect.any(String),
      registrationKey: expect.any(String),
    });
    expect(await screen.findByText("Landed at /books/b1?x=1")).toBeVisible();
  });

  it("goes home instead of following a redirect to another site", async () => {
    signIn.mockResolvedValue({ signingIn: true });
    renderPage("/login", "/login?redirect=%2F%2Fevil.example", <LoginPage />);
    await fillLogin("dora@example.com", "secret-1");
    expect(await screen.findByText("Landed at /")).toBeVisible();
  });

  it("tells an unverified user to verify and links to the verify screen", async () => {
    signIn.mockResolvedValue({ signingIn: false });
    renderPage("/login", "/login?redirect=%2Fdumy", <LoginPage />);
    await fillLogin("Dora@example.com", "secret-1");
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_MESSAGES.notVerified);
    await userEvent.setup().click(screen.getByRole("link", { name: "Verify your email" }));
    expect(await screen.findByText("Landed at /verify-email?email=dora%40example.com&redirect=%2Fdumy")).toBeVisible();
  });

  it.each([AUTH_MESSAGES.accountNotFound, AUTH_MESSAGES.incorrectPassword, AUTH_MESSAGES.invalidEmail])(
    "shows the server's '%s'",
    async (message) => {
      signIn.mockRejectedValue(new ConvexError(message));
      renderPage("/login", "/login", <LoginPage />);
      await fillLogin("dora@example.com", "secret-1");
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
    },
  );

  it("falls back to 'Login failed. Please try again.' for other failures", async () => {
    signIn.mockRejectedValue(new Error("Server Error"));
    renderPage("/login", "/login", <LoginPage />);
    await fillLogin("dora@example.com", "secret-1");
    expect(await screen.findByRole("alert")).toHaveTextContent(AUTH_MESSAGES.loginFailed);
  });

  it("shows the Google failure message when Google sign-in cannot start", async () => {
    convex.onQuery(api.users.signInOptions, { google: true, devMailbox: false });
    signIn.mockRejectedValue(new Error("popup closed"));
    renderPage("/login", "/login", <LoginPage />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(signIn).toHaveBeenCalledWith("google", { redirectTo: "/" });
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(AUTH_MESSAGES.googleLoginFailed));
  });

  it("points to the dev mailbox only where there is one", () => {
    const { unmount } = renderPage("/login", "/login", <LoginPage />);
    expect(screen.queryByRole("link", { name: "Open the dev mailbox" })).toBeNull();
    unmount();
    convex.onQuery(api.users.signInOptions, { google: false, devMailbox: true });
    renderPage("/login", "/login", <LoginPage />);
    expect(screen.getByRole("link", { name: "Open the dev mailbox" })).toHaveAttribute("href", "/dev/mailbox");
  });
});
