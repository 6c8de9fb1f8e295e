/**
 * Offline and reconnecting (issue #28): the connection status with its 2 s grace, the banner under
 * the top bar, and the shared loading state, which stops spinning when the data cannot come.
 * The Convex client's connection state comes from the mock (convex.setConnection); time is fake.
 */
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BACK_ONLINE_MS, ConnectionBanner } from "@/app/connection-banner";
import { ConnectionStatusProvider } from "@/app/connection-status";
import { FirstLoadFallback } from "@/app/root-layout";
import { Spinner } from "@/components/ui/spinner";
import { OFFLINE_AFTER_MS, useConnectionStatus } from "@/hooks/use-connection-status";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
const convex = createConvexMock();

const OFFLINE_TEXT = "Can't load this while offline. It will appear when you're back online.";

/** Shows what the hook says, as text. */
function Status({ name = "status" }: { name?: string }) {
  const { state, waitingChanges } = useConnectionStatus();
  return <p data-testid={name}>{`${state}, ${waitingChanges} waiting`}</p>;
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The connection goes (the client keeps its count of connections made until it reconnects). */
function disconnect(connectionCount: number, more: Parameters<typeof convex.setConnection>[0] = {}) {
  convex.setConnection({ isWebSocketConnected: false, connectionCount, ...more });
}

/** It comes back: one more connection made. */
function reconnect(connectionCount: number) {
  convex.setConnection({ isWebSocketConnected: true, connectionCount });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useConnectionStatus", () => {
  it("says nothing of a blip shorter than 2 s", async () => {
    renderWithApp(<Status />);
    expect(screen.getByTestId("status")).toHaveTextContent("online, 0 waiting");
    disconnect(1);
    await wait(OFFLINE_AFTER_MS - 1);
    expect(screen.getByTestId("status")).toHaveTextContent("online");
    reconnect(2);
    await wait(10 * OFFLINE_AFTER_MS);
    expect(screen.getByTestId("status")).toHaveTextContent("online");
  });

  it("says offline after 2 s without a connection, online as soon as it is back, and gives the next loss its 2 s again", async () => {
    renderWithApp(<Status />);
    disconnect(1);
    await wait(OFFLINE_AFTER_MS);
    expect(screen.getByTestId("status")).toHaveTextContent("offline, 0 waiting");
    reconnect(2);
    expect(screen.getByTestId("status")).toHaveTextContent("online");
    disconnect(2);
    await wait(OFFLINE_AFTER_MS / 2);
    expect(screen.getByTestId("status")).toHaveTextContent("online");
    await wait(OFFLINE_AFTER_MS / 2);
    expect(screen.getByTestId("status")).toHaveTextContent("offline");
  });

  it("counts the changes waiting for the connection", async () => {
    renderWithApp(<Status />);
    disconnect(1, { inflightMutations: 2, hasInflightRequests: true });
    await wait(OFFLINE_AFTER_MS);
    expect(screen.getByTestId("status")).toHaveTextContent("offline, 2 waiting");
  });

  it("is connecting before the first connection, and offline once that has taken 2 s", async () => {
    convex.setConnection({ isWebSocketConnected: false, hasEverConnected: false, connectionCount: 0 });
    renderWithApp(<Status />);
    expect(screen.getByTestId("status")).toHaveTextContent("connecting");
    await wait(OFFLINE_AFTER_MS);
    expect(screen.getByTestId("status")).toHaveTextContent("offline");
  });
});

describe("the connection banner", () => {
  /** The banner's live region (its body is fetched a moment after the page opens). */
  async function renderBanner() {
    renderWithApp(<ConnectionBanner />);
    await wait(2_000);
    await act(() => vi.dynamicImportSettled());
    return screen.getByRole("status");
  }

  it("after 2 s without a connection says calmly that the app is offline, and that changes will be sent", async () => {
    const banner = await renderBanner();
    expect(banner).toBeEmptyDOMElement();
    disconnect(1);
    await wait(OFFLINE_AFTER_MS - 1);
    expect(banner).toBeEmptyDOMElement();
    await wait(1);
    expect(banner).toHaveTextContent("You're offline. Reconnecting... Changes you make will be sent when you're back.");
    // Calm: the warning tokens, not the danger ones.
    expect(banner.innerHTML).not.toMatch(/danger/);
  });

  it("says how many changes wait", async () => {
    const banner = await renderBanner();
    disconnect(1, { inflightMutations: 1 });
    await wait(OFFLINE_AFTER_MS);
    expect(banner).toHaveTextContent("1 change is waiting and will be sent when you're back.");
    disconnect(1, { inflightMutations: 3 });
    expect(banner).toHaveTextContent("3 changes are waiting and will be sent when you're back.");
  });

  it("goes away by itself: 'Back online' when the connection returns, then nothing", async () => {
    const banner = await renderBanner();
    disconnect(1);
    await wait(OFFLINE_AFTER_MS);
    expect(banner).toHaveTextContent("You're offline.");
    reconnect(2);
    expect(banner).toHaveTextContent("Back online.");
    await wait(BACK_ONLINE_MS);
    expect(banner).toBeEmptyDOMElement();
  });

  it("shows nothing while the first connection is being made, nor for a blip", async () => {
    convex.setConnection({ isWebSocketConnected: false, hasEverConnected: false, connectionCount: 0 });
    renderWithApp(<ConnectionBanner />);
    await wait(OFFLINE_AFTER_MS / 2);
    reconnect(1);
    await wait(BACK_ONLINE_MS);
    await act(() => vi.dynamicImportSettled());
    const banner = screen.getByRole("status");
    expect(banner).toBeEmptyDOMElement();
    disconnect(1);
    await wait(OFFLINE_AFTER_MS / 2);
    reconnect(2);
    await wait(BACK_ONLINE_MS);
    expect(banner).toBeEmptyDOMElement();
  });
});

describe("the loading state", () => {
  it("spins with 'Loading...' while connected, and says the data waits for the connection when offline", async () => {
    renderWithApp(<FirstLoadFallback />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    disconnect(1);
    await wait(OFFLINE_AFTER_MS - 1);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    await wait(1);
    expect(screen.getByRole("status")).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.getByRole("status").querySelector(".animate-spin")).toBeNull();
    reconnect(2);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });

  it("tells a screen that opens long after the connection went that it is offline at once, in place of its own label", async () => {
    const { rerender } = renderWithApp(<ConnectionStatusProvider>{null}</ConnectionStatusProvider>);
    disconnect(1);
    await wait(5 * OFFLINE_AFTER_MS);
    rerender(
      <ConnectionStatusProvider>
        <Spinner label="Loading messages..." />
      </ConnectionStatusProvider>,
    );
    expect(screen.getByRole("status")).toHaveTextContent(OFFLINE_TEXT);
  });

  it("spins on outside the layout, which alone knows the connection", async () => {
    renderWithApp(<Spinner />);
    disconnect(1);
    await wait(OFFLINE_AFTER_MS);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });
});
