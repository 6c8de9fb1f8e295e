import { screen } from "@testing-library/react";
import type { FunctionReturnType } from "convex/server";
import { useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decideGuardedRoute } from "@/app/guard-decision";
import { safeRedirectTarget } from "@/lib/redirect-target";
import { RedirectSignedInUser, RequireVerifiedUser } from "@/app/route-guard";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

type Viewer = FunctionReturnType<typeof api.users.viewer>;

// The guard reads Convex only through useConvexAuth and the viewer query.
vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

const alice = (emailVerified: boolean): Viewer => ({
  userId: "u1" as Id<"users">,
  email: "alice@example.com",
  emailVerified,
  displayName: "Alice",
  photoURL: null,
  needsName: false,
});

/** Shows which page rendered and the full address, so a test can read where it landed. */
function Where({ page }: { page: string }) {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${page} ${pathname}${search}`}</p>;
}

function renderAt(address: string) {
  renderWithApp(null, {
    route: address,
    routes: [
      {
        element: <RedirectSignedInUser />,
        children: [
          { path: "/login", element: <Where page="login" /> },
          { path: "/register", element: <Where page="register" /> },
        ],
      },
      { path: "/verify-email", element: <Where page="verify" /> },
      {
        element: <RequireVerifiedUser />,
        children: [
          { path: "/", element: <Where page="home" /> },
          { path: "/books", element: <Where page="books" /> },
        ],
      },
    ],
  });
  return () => screen.getByTestId("where").textContent;
}

beforeEach(() => {
  convex.setAuth({ isLoading: false, isAuthenticated: false });
});

describe("route guard", () => {
  it("shows the spinner while the session is being checked", () => {
    convex.setAuth({ isLoading: true, isAuthenticated: false });
    renderAt("/books");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByTestId("where")).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor to /login with the wanted address in ?redirect=", () => {
    const where = renderAt("/books?page=2");
    expect(where()).toBe(`login /login?redirect=${encodeURIComponent("/books?page=2")}`);
  });

  it("lets signed-out visitors use the open pages", () => {
    expect(renderAt("/register")()).toBe("register /register");
  });

  it("sends a signed-in user with an unverified e-mail to verify it", () => {
    convex.setAuth({ isLoading: false, isAuthenticated: true });
    convex.onQuery(api.users.viewer, alice(false));
    const where = renderAt("/books");
    const expected = new URLSearchParams({ email: "alice@example.com", redirect: "/books" });
    expect(where()).toBe(`verify /verify-email?${expected.toString()}`);
  });

  it("waits for the user's record before deciding", () => {
    convex.setAuth({ isLoading: false, isAuthenticated: true });
    convex.onQuery(api.users.viewer, undefined);
    renderAt("/books");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });

  it("lets a verified user in", () => {
    convex.setAuth({ isLoading: false, isAuthenticated: true });
    convex.onQuery(api.users.viewer, alice(true));
    expect(renderAt("/books")()).toBe("books /books");
  });

  it("sends a signed-in verified user from /login on to the redirect address", () => {
    convex.setAuth({ isLoading: false, isAuthenticated: true });
    convex.onQuery(api.users.viewer, alice(true));
    expect(renderAt(`/login?redirect=${encodeURIComponent("/books?page=2")}`)()).toBe("books /books?page=2");
  });

  it("sends a signed-in verified user from /register home when no redirect is given", () => {
    convex.setAuth({ isLoading: false, isAuthenticated: true });
    convex.onQuery(api.users.viewer, alice(true));
    expect(renderAt("/register")()).toBe("home /");
  });
});

describe("redirect target", () => {
  it("follows only paths on this site", () => {
    expect(safeRedirectTarget("/dumy/abc?x=1#c")).toBe("/dumy/abc?x=1#c");
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget("")).toBe("/");
    expect(safeRedirectTarget("https://evil.example/")).toBe("/");
    expect(safeRedirectTarget("//evil.example/")).toBe("/");
    expect(safeRedirectTarget("/\\evil.example")).toBe("/");
    expect(safeRedirectTarget("javascript:alert(1)")).toBe("/");
  });

  it("never sends a user back to a sign-in page", () => {
    expect(safeRedirectTarget("/login?redirect=/books")).toBe("/");
    expect(safeRedirectTarget("/register")).toBe("/");
  });

  it("treats a session without a user as signed out", () => {
    const decision = decideGuardedRoute({
      authLoading: false,
      authenticated: true,
      viewer: null,
      pathname: "/help",
      search: "",
    });
    expect(decision).toEqual({ kind: "redirect", to: "/login?redirect=%2Fhelp" });
  });

  it("sends a deliberate log-out to a plain /login, an expired session back where it was", () => {
    const signedOut = {
      authLoading: false,
      authenticated: false,
      viewer: undefined,
      pathname: "/books",
      search: "?page=2",
    };
    expect(decideGuardedRoute({ ...signedOut, signedOutOnPurpose: true })).toEqual({ kind: "redirect", to: "/login" });
    expect(decideGuardedRoute(signedOut)).toEqual({ kind: "redirect", to: "/login?redirect=%2Fbooks%3Fpage%3D2" });
  });

  it("sends a deleted account to a plain /login while its sign-out is still on the way", () => {
    const sessionGone = { authLoading: false, authenticated: true, viewer: null, pathname: "/settings", search: "" };
    expect(decideGuardedRoute({ ...sessionGone, signedOutOnPurpose: true })).toEqual({
      kind: "redirect",
      to: "/login",
    });
    expect(decideGuardedRoute(sessionGone)).toEqual({ kind: "redirect", to: "/login?redirect=%2Fsettings" });
  });
});
