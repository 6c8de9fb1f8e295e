import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { RouterProvider } from "react-router-dom";
import { AudioProvider } from "./audio-provider";
import { shouldConvexAuthHandleCode } from "@/features/auth/should-handle-code";
import { createAppConvexClient } from "./convex-client";
import { convexUrl } from "./convex-url";
import { router } from "./router";

const convex = createAppConvexClient(convexUrl());

export function App() {
  return (
    <ConvexAuthProvider client={convex} shouldHandleCode={shouldConvexAuthHandleCode}>
      <AudioProvider>
        <RouterProvider router={router} />
      </AudioProvider>
    </ConvexAuthProvider>
  );
}
