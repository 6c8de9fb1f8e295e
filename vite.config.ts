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
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
