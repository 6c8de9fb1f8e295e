import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { ConvexReactClient } from "convex/react";
import { RouterProvider } from "react-router-dom";
import { AudioProvider } from "./audio-provider";
import { shouldConvexAuthHandleCode } from "@/features/auth/should-handle-code";
import { convexUrl } from "./convex-url";
import { router } from "./router";

const convex = new ConvexReactClient(convexUrl());

export function App() {
  return (
    <ConvexAuthProvider client={convex} shouldHandleCode={shouldConvexAuthHandleCode}>
      <AudioProvider>
        <RouterProvider router={router} />
      </AudioProvider>
    </ConvexAuthProvider>
  );
}
