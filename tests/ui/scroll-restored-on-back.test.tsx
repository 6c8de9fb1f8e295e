import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";
import { renderWithApp } from "./render";

/** A list whose data comes when the test says so, as a live query's does. */
function ListScreen() {
  const [ready, setReady] = useState(false);
  const navigate = useNavigate();
  useScrollRestoredOnBack(ready);
  return (
    <>
      <button onClick={() => setReady(true)}>Data arrives</button>
      <button onClick={() => void navigate("/list", { replace: true, preventScrollReset: true })}>Fresh cursors</button>
      {ready && <Link to="/item">Open item</Link>}
    </>
  );
}

function ItemScreen() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate(-1)}>Back</button>
      <Link to="/list">The list anew</Link>
    </>
  );
}

let y = 0;
const scrollTo = vi.fn();

/** The reader (or the browser, on a page too short) moves the window. */
function scrollWindow(to: number) {
  y = to;
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
}

beforeEach(() => {
  y = 0;
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => y });
  scrollTo.mockReset();
  scrollTo.mockImplementation((_x: number, top: number) => scrollWindow(top));
  vi.spyOn(window, "scrollTo").mockImplementation(scrollTo as unknown as typeof window.scrollTo);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The list, opened from another page (each entry of the history then has a key of its own). */
function renderList() {
  const view = renderWithApp(null, {
    route: "/start",
    routes: { "/start": <Link to="/list">The list</Link>, "/list": <ListScreen />, "/item": <ItemScreen /> },
  });
  fireEvent.click(screen.getByRole("link", { name: "The list" }));
  fireEvent.click(screen.getByRole("button", { name: "Data arrives" }));
  return view;
}

describe("useScrollRestoredOnBack", () => {
  it("puts the window back where the reader left the list once the list is in again after Back", () => {
    renderList();
    scrollWindow(640);
    fireEvent.click(screen.getByRole("link", { name: "Open item" }));
    scrollWindow(0); // the new page opens at its top

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    // The list is not in yet: the page is short and the window stops at its end, which is not the place.
    scrollWindow(120);
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Data arrives" }));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 640);
    expect(window.scrollY).toBe(640);
  });

  it("keeps a restore waiting through a REPLACE, as a page moving to fresh cursors makes", () => {
    renderList();
    scrollWindow(300);
    fireEvent.click(screen.getByRole("link", { name: "Open item" }));
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(screen.getByRole("button", { name: "Fresh cursors" }));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Data arrives" }));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 300);
    // Restored once: the reader's own scrolling is left alone afterwards.
    scrollWindow(50);
    fireEvent.click(screen.getByRole("button", { name: "Fresh cursors" }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(window.scrollY).toBe(50);
  });

  it("leaves a new visit of the list at the top, where the router puts it", () => {
    renderList();
    scrollWindow(640);
    fireEvent.click(screen.getByRole("link", { name: "Open item" }));
    scrollWindow(0);
    fireEvent.click(screen.getByRole("link", { name: "The list anew" }));
    fireEvent.click(screen.getByRole("button", { name: "Data arrives" }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("after a reload, takes the place the router saved for the entry as the page went", () => {
    // The first entry of a memory router, as of a browser tab, has the key "default".
    sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ default: 480 }));
    try {
      renderWithApp(null, { route: "/list", routes: { "/list": <ListScreen /> } });
      fireEvent.click(screen.getByRole("button", { name: "Data arrives" }));
      expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 480);
    } finally {
      sessionStorage.clear();
    }
  });
});
