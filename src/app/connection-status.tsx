import type { ReactNode } from "react";
import { ConnectionStateContext, useConnectionStatus } from "@/hooks/use-connection-status";

/** Gives the screens under it the connection state (useOffline), from one watch of the Convex client. */
export function ConnectionStatusProvider({ children }: { children: ReactNode }) {
  return <ConnectionStateContext value={useConnectionStatus().state}>{children}</ConnectionStateContext>;
}
