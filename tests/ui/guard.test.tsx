import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decideGuardedRoute } from "@/app/guard-decision";
import { safeRedirectTarget } from "@/lib/redirect-target";
import { RedirectSignedInUser, RequireVerifiedUser } from "@/app/route-guard";

type Viewer = { userId: string; email: string; emailVerified: boolean; displayName: string; photoURL: null } | null;

// The guard reads Convex only through useConvexAuth and the viewer query.
const convex = vi.hoisted(() => ({
  auth: { isLoading: false, isAuthenticated: false },
  viewer: undefined as Viewer | undefined,
}));
vi.mock("convex/react", () => ({
  useConvexAuth: () => convex.auth,
  useQuery: (_query: unknown, args: unknown) => (args === "skip" ? undefined : convex.viewer),
}));

const alice = (emailVerified: boolean): Viewer => ({
  userId: "u1",
  email: "alice@example.com",
  emailVerified,
  displayName: "Alice",
  photoURL: null,
});

/** Shows which page rendered and the full address, so a test can read where it landed. */
function Where({ page }: { page: string }) {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${page} ${pathname}${search}`}</p>;
}

function renderAt(address: string) {
  const router = createMemoryRouter(
    [
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
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return () => screen.getByTestId("where").textContent;
}

beforeEach(() => {
  convex.auth = { isLoading: false, isAuthenticated: false };
  convex.viewer = undefined;
});

describe("route guard", () => {
  it("shows the spinner while the session is being checked", () => {
    convex.auth = { isLoading: true, isAuthenticated: false };
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
    convex.auth = { isLoading: false, isAuthenticated: true };
    convex.viewer = alice(false);
    const where = renderAt("/books");
    const expected = new URLSearchParams({ email: "alice@example.com", redirect: "/books" });
    expect(where()).toBe(`verify /verify-email?${expected.toString()}`);
  });

  it("waits for the user's record before deciding", () => {
    convex.auth = { isLoading: false, isAuthenticated: true };
    convex.viewer = undefined;
    renderAt("/books");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });

  it("lets a verified user in", () => {
    convex.auth = { isLoading: false, isAuthenticated: true };
    convex.viewer = alice(true);
    expect(renderAt("/books")()).toBe("books /books");
  });

  it("sends a signed-in verified user from /login on to the redirect address", () => {
    convex.auth = { isLoading: false, isAuthenticated: true };
    convex.viewer = alice(true);
    expect(renderAt(`/login?redirect=${encodeURIComponent("/books?page=2")}`)()).toBe("books /books?page=2");
  });

  it("sends a signed-in verified user from /register home when no redirect is given", () => {
    convex.auth = { isLoading: false, isAuthenticated: true };
    convex.viewer = alice(true);
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
});
