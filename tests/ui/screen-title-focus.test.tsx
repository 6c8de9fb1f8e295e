import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { titled, useScreenTitleAndFocus } from "@/app/route-title";

function Layout() {
  const main = useRef<HTMLElement>(null);
  useScreenTitleAndFocus(main);
  return (
    <>
      <nav>
        <Link to="/help">Help</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: "/friends", handle: titled("Friends"), element: <Link to="/dumy">Open the feed</Link> },
          { path: "/dumy", handle: titled("Posts"), element: <h1>DUMY</h1> },
          { path: "/help", handle: titled("Help"), element: <input aria-label="Search help" autoFocus /> },
        ],
      },
    ],
    { initialEntries: ["/friends"] },
  );
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe("moving to another screen", () => {
  it("names the screen in the tab title, from the first screen on", () => {
    renderApp();
    expect(document.title).toBe("Friends — DUMY");
  });

  it("moves the focus to main when the link pressed went with the old screen", async () => {
    const user = renderApp();
    screen.getByRole("link", { name: "Open the feed" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("heading", { name: "DUMY" });
    await waitFor(() => expect(screen.getByRole("main")).toHaveFocus());
    expect(document.title).toBe("Posts — DUMY");
  });

  it("leaves the focus on a bar link that stays, or where the new screen put it", async () => {
    const user = renderApp();
    screen.getByRole("link", { name: "Help" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Search help" })).toHaveFocus());
    expect(document.title).toBe("Help — DUMY");
  });
});
