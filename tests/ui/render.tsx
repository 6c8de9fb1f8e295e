/**
 * Renders a page or component as the app would: inside a memory data router (as the app's
 * createBrowserRouter, so useBlocker works) at an address, with stand-in pages to navigate to. Returns Testing Library's render result, a `user` to act with
 * (userEvent.setup()) and `location()`, where the router is now.
 *
 *     const { user, location } = renderWithApp(<BookDetailsPage />, {
 *       route: "/books/book1",
 *       path: "/books/:bookId",
 *       routes: { "/books": <p>The board</p> },
 *     });
 *
 * Convex comes from ./convex-mock (see there); other providers go in `wrapper`.
 */
import { render, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { createContext, StrictMode, useContext, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type Location,
  type RouteObject,
} from "react-router-dom";

export type AppOptions = {
  /** The address the app opens at. Default "/". */
  route?: string;
  /** The route pattern the rendered element answers, e.g. "/books/:bookId". Default "*", every address. */
  path?: string;
  /** More routes: pattern → stand-in page, or route objects (layout routes with children). */
  routes?: Record<string, ReactNode> | RouteObject[];
  /** Render in StrictMode, as the app does: effects run twice. */
  strict?: boolean;
  /** Providers around the router. */
  wrapper?: ComponentType<{ children: ReactNode }>;
};

export type AppRender = Omit<RenderResult, "rerender"> & {
  user: UserEvent;
  /** Where the router is now. */
  location: () => Location;
  /** Renders another element at the same place, in the same router set-up. */
  rerender: (ui: ReactNode) => void;
};

/** Renders `ui` (null: only `routes`) in a memory router; see the top of this file. */
export function renderWithApp(ui: ReactNode, options: AppOptions = {}): AppRender {
  const { route = "/", path = "*", routes = {}, strict = false, wrapper: Wrapper } = options;
  const others: RouteObject[] = Array.isArray(routes)
    ? routes
    : Object.entries(routes).map(([pattern, element]) => ({ path: pattern, element }));
  const seen: { current?: Location } = {};

  // One router for the whole test; `rerender` swaps the element its route shows, not the router.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe into={seen} />
          </>
        ),
        children: ui === null ? others : [{ path, element: <Rendered /> }, ...others],
      },
    ],
    { initialEntries: [route] },
  );

  const tree = (element: ReactNode) => {
    let app = (
      <RenderedElement.Provider value={element}>
        <RouterProvider router={router} />
      </RenderedElement.Provider>
    );
    if (Wrapper) app = <Wrapper>{app}</Wrapper>;
    return strict ? <StrictMode>{app}</StrictMode> : app;
  };

  const user = userEvent.setup();
  const view = render(tree(ui));
  return {
    ...view,
    user,
    location: () => {
      if (!seen.current) throw new Error("renderWithApp: the router has not rendered");
      return seen.current;
    },
    rerender: (next) => view.rerender(tree(next)),
  };
}

/** A catch-all stand-in page that says where a navigation ended: "Landed at /path?search". */
export function Landed() {
  const { pathname, search } = useLocation();
  return <p>Landed at {pathname + search}</p>;
}

/** The element under test, given to the router's route from outside so `rerender` can change it. */
const RenderedElement = createContext<ReactNode>(null);

function Rendered() {
  return <>{useContext(RenderedElement)}</>;
}

function LocationProbe({ into }: { into: { current?: Location } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    into.current = location;
  });
  return null;
}
