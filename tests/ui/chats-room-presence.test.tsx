import { act, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { ConvexProvider, type ConvexReactClient } from "convex/react";
import { getFunctionName, type FunctionReference } from "convex/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ChatRoomPage from "@/features/chats/chat-room-page";
import { renderWithApp } from "./render";

// The room page with its real presence hook (and the real convex/react hooks) on a stand-in
// Convex client: the room comes from `server.room`, heartbeats answer `server.heartbeatAnswer`
// (or are refused while `server.refuseHeartbeats`); every heartbeat and disconnect is kept, and
// which presence lists are subscribed to now.
const server = {
  room: null as unknown,
  heartbeatAnswer: { roomToken: "", sessionToken: "", ticket: "" },
  people: [] as { userId: string; online: boolean }[],
  facesAsked: [] as unknown[],
  refuseHeartbeats: false,
  heartbeats: [] as unknown[],
  disconnects: [] as unknown[],
  listsWatched: [] as unknown[],
  listeners: new Set<() => void>(),
};

function answer(name: string, args: Record<string, unknown>): unknown {
  if (name === "chats:get") return server.room;
  if (name === "users:viewer") return { userId: "me" };
  if (name === "chatPresence:list") return server.people;
  if (name === "chatPresence:person") return { userId: args.userId, name: `Name of ${String(args.userId)}` };
  if (name === "chatPresence:typing") return [];
  return undefined;
}

const client = {
  url: "http://127.0.0.1:3210",
  watchQuery: (ref: FunctionReference<"query">, args: Record<string, unknown>) => {
    const isList = getFunctionName(ref) === "chatPresence:list";
    if (getFunctionName(ref) === "chatPresence:person") server.facesAsked.push(args.userId);
    return {
      localQueryResult: () => answer(getFunctionName(ref), args),
      onUpdate: (callback: () => void) => {
        server.listeners.add(callback);
        if (isList) server.listsWatched.push(args);
        return () => {
          server.listeners.delete(callback);
          if (isList) server.listsWatched.splice(server.listsWatched.indexOf(args), 1);
        };
      },
      journal: () => undefined,
    };
  },
  mutation: async (ref: FunctionReference<"mutation">, args: unknown) => {
    const name = getFunctionName(ref);
    if (name === "chatPresence:disconnect") server.disconnects.push(args);
    if (name !== "chatPresence:heartbeat") return null;
    server.heartbeats.push(args);
    if (server.refuseHeartbeats) throw new Error("Too many presence updates. Wait a few seconds.");
    return server.heartbeatAnswer;
  },
  // The composer's picture upload asks whether the connection is up (it always is here).
  connectionState: () => ({ isWebSocketConnected: true }),
  subscribeToConnectionState: () => () => undefined,
} as unknown as ConvexReactClient;

// The history has a paginated query of its own, beside the point here.
vi.mock("@/features/chats/components/chat-history", () => ({ ChatHistory: () => null }));

const room = { _id: "room1", name: "Book club", description: "", imageUrl: null, isMine: false, onlineCount: 0 };

function WithClient({ children }: { children: ReactNode }) {
  return <ConvexProvider client={client}>{children}</ConvexProvider>;
}

function renderRoom(options: { strict?: boolean } = {}) {
  return renderWithApp(<ChatRoomPage />, {
    route: "/chats/room1",
    path: "/chats/:roomId",
    routes: { "/chats": <p>Public chats</p> },
    wrapper: WithClient,
    ...options,
  });
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  server.room = room;
  server.heartbeatAnswer = { roomToken: "room-token", sessionToken: "session-token", ticket: "ticket-1" };
  server.people = [];
  server.facesAsked.length = 0;
  server.refuseHeartbeats = false;
  server.heartbeats.length = 0;
  server.disconnects.length = 0;
  server.listsWatched.length = 0;
  unhandled.length = 0;
  process.on("unhandledRejection", onUnhandled);
});

afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  vi.useRealTimers();
  setHidden(false);
});

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
}

/** Lets the page's pending promises settle, then reports any rejection nobody caught. */
async function expectNoUnhandledRejection() {
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(unhandled).toEqual([]);
}

describe("presence in a chat room that gets deleted", () => {
  it("takes the empty heartbeat answer quietly, then stops heartbeating once the page sees the room gone", async () => {
    renderRoom();
    await act(async () => {});
    expect(server.heartbeats).toHaveLength(1);
    expect(server.listsWatched).toEqual([{ roomToken: "room-token" }]);

    // The room is deleted; the next tick's heartbeat reaches the server before the page hears of it.
    server.heartbeatAnswer = { roomToken: "", sessionToken: "", ticket: "" };
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    expect(server.heartbeats).toHaveLength(2);
    // An empty room token: the hook lists nobody (it skips the list query).
    expect(server.listsWatched).toEqual([]);

    // The page hears of it: back to the list of chats, and the hook's timer is gone with the room view.
    server.room = null;
    act(() => server.listeners.forEach((listener) => listener()));
    expect(await screen.findByText("Public chats")).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(server.heartbeats).toHaveLength(2);
    await expectNoUnhandledRejection();
  });
});

describe("presence while reading a chat room", () => {
  it("keeps heartbeating after a refused heartbeat, so the reader stays in the room", async () => {
    server.refuseHeartbeats = true;
    renderRoom();
    await act(async () => {});
    expect(server.heartbeats).toHaveLength(1);
    expect(server.listsWatched).toEqual([]);

    server.refuseHeartbeats = false;
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    expect(server.heartbeats).toHaveLength(2);
    expect(server.listsWatched).toEqual([{ roomToken: "room-token" }]);
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    expect(server.heartbeats).toHaveLength(3);
    await expectNoUnhandledRejection();
  });

  it("stays in the room while the tab is hidden, on a slow heartbeat, and is back to the quick one when shown", async () => {
    renderRoom();
    await act(async () => {});
    expect(server.heartbeats).toEqual([
      { roomId: "room1", userId: "me", sessionId: expect.any(String), interval: 20_000 },
    ]);
    setHidden(true);
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // At once, with the hidden interval and the last answer's ticket (a renewal); nobody leaves.
    expect(server.disconnects).toEqual([]);
    expect(server.heartbeats).toHaveLength(2);
    expect(server.heartbeats[1]).toMatchObject({ interval: 60_000, ticket: "ticket-1" });
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(server.heartbeats).toHaveLength(2);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(server.heartbeats).toHaveLength(3);

    setHidden(false);
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(server.heartbeats).toHaveLength(4);
    expect(server.heartbeats[3]).toMatchObject({ interval: 20_000, ticket: "ticket-1" });
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    expect(server.heartbeats).toHaveLength(5);
  });

  it("lists who is here by id from the room's shared list, with names asked person by person, online only", async () => {
    server.people = [
      { userId: "ann", online: true },
      { userId: "me", online: true },
      { userId: "gone", online: false },
    ];
    renderRoom();
    await act(async () => {});
    expect(await screen.findByRole("group", { name: "In the room now: Name of me, Name of ann" })).toBeInTheDocument();
    expect([...new Set(server.facesAsked)].sort()).toEqual(["ann", "me"]);
  });

  it("sends its leave as a beacon when the tab closes", async () => {
    const beacons: { url: string; body: string }[] = [];
    const sendBeacon = async (url: string, blob: Blob) => beacons.push({ url, body: await blob.text() });
    Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: vi.fn(sendBeacon) });
    renderRoom();
    await act(async () => {});
    await act(async () => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(beacons).toEqual([
      {
        url: "http://127.0.0.1:3210/api/mutation",
        body: JSON.stringify({
          path: "chatPresence:disconnect",
          args: { sessionToken: "session-token", roomId: "room1" },
        }),
      },
    ]);
  });

  it("keeps one session through React's effect re-run in StrictMode, and ends it when the reader leaves", async () => {
    const { unmount } = renderRoom({ strict: true });
    await act(async () => {});
    const sessionIds = new Set(server.heartbeats.map((beat) => (beat as { sessionId: string }).sessionId));
    expect(sessionIds.size).toBe(1);
    expect(server.disconnects).toEqual([]);

    unmount();
    await act(async () => {});
    expect(server.disconnects).toEqual([{ sessionToken: "session-token", roomId: "room1" }]);
  });
});
