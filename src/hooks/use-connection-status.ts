import { useConvexConnectionState } from "convex/react";
import { createContext, useContext, useEffect, useState } from "react";

/** How long the connection may be gone before the app says it is offline: a shorter blip shows nothing. */
export const OFFLINE_AFTER_MS = 2_000;

export type ConnectionStatus = {
  /**
   * "online": connected, or the connection went less than OFFLINE_AFTER_MS ago; "connecting":
   * not connected yet since the page opened, for less than that; "offline": no connection for longer.
   */
  state: "online" | "connecting" | "offline";
  /** Changes (mutations) on their way or waiting for the connection: the client sends each once it is back. */
  waitingChanges: number;
};

/** The Convex client's connection, as the person should hear of it (see ConnectionStatus). */
export function useConnectionStatus(): ConnectionStatus {
  const connection = useConvexConnectionState();
  const connected = connection.isWebSocketConnected;
  // Each time without a connection is told apart by the number of connections made before it.
  const episode = connection.connectionCount;
  // The episode found to have lasted OFFLINE_AFTER_MS: the next one (after a reconnection) starts as a blip again.
  const [offlineEpisode, setOfflineEpisode] = useState<number | null>(null);

  useEffect(() => {
    if (connected) return;
    const timer = setTimeout(() => setOfflineEpisode(episode), OFFLINE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [connected, episode]);

  const state = connected
    ? "online"
    : offlineEpisode === episode
      ? "offline"
      : connection.hasEverConnected
        ? "online"
        : "connecting";
  return { state, waitingChanges: connection.inflightMutations };
}

/**
 * The connection state for the screens, given once by the layout (src/app/connection-status.tsx)
 * so that a screen mounting long after the connection went hears it at once, and so that
 * primitives (Spinner) need no Convex client: outside the layout, "online".
 */
export const ConnectionStateContext = createContext<ConnectionStatus["state"]>("online");

/** True when the layout says the app is offline (see ConnectionStateContext). */
export function useOffline(): boolean {
  return useContext(ConnectionStateContext) === "offline";
}
