/**
 * Shared set-up of the auth screen tests: where the page is mounted, and a catch-all route
 * that shows where a navigation ended, so tests read the destination from the screen.
 */
import { render } from "@testing-library/react";
import { StrictMode, type ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";

function Landed() {
  const { pathname, search } = useLocation();
  return <p>Landed at {pathname + search}</p>;
}

export function renderPage(routePath: string, url: string, page: ReactElement) {
  // StrictMode like the app: effects run twice, which one-shot effects must survive.
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={routePath} element={page} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}
