import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.ts";
import { routePreloadPlugin } from "./scripts/route-preload.ts";
import { treeShakeComponentsPlugin } from "./scripts/tree-shake-components.ts";
import { FIRST_VISIT_ROUTES } from "./src/config/first-visit-routes.ts";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    treeShakeComponentsPlugin(),
    routePreloadPlugin(FIRST_VISIT_ROUTES),
    precompressPlugin(),
  ],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@convex": fileURLToPath(new URL("./convex", import.meta.url)),
    },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The first download carries every lazy chunk's file name (the preload map): a hash one
    // character shorter than the default 8 saves ~110 bytes gzip of it (rolldown's minimum for this
    // many chunks is 7; collisions stay out of reach).
    rollupOptions: { output: { chunkFileNames: "assets/[name]-[hash:7].js" } },
  },
});
