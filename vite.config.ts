import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
