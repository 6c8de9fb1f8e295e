import { createBrowserRouter, Navigate } from "react-router-dom";
import { paths } from "@/config/paths";

// Placeholder router: the shell (layout, guard, lazy routes) replaces this file.
export const router = createBrowserRouter([
  { path: paths.home, lazy: async () => ({ Component: (await import("@/features/home/home-page")).default }) },
  { path: "*", element: <Navigate to={paths.home} replace /> },
]);
