import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { ConvexReactClient } from "convex/react";
import { RouterProvider } from "react-router-dom";
import { AudioProvider } from "./audio-provider";
import { convexUrl } from "./convex-url";
import { router } from "./router";

const convex = new ConvexReactClient(convexUrl());

export function App() {
  return (
    <ConvexAuthProvider client={convex}>
      <AudioProvider>
        <RouterProvider router={router} />
      </AudioProvider>
    </ConvexAuthProvider>
  );
}
