import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@convex": fileURLToPath(new URL("./convex", import.meta.url)),
    },
  },
  test: {
    // Two at once on the 2-core CI machine (Vitest's default is cores − 1, which ran every file in
    // turn): the browser journeys, one file at a time, in one worker, and the unit projects beside
    // them in the other, instead of after them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "convex",
          include: ["tests/convex/**/*.test.ts"],
          environment: "edge-runtime",
          server: { deps: { inline: ["convex-test"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          include: ["tests/ui/**/*.test.{ts,tsx}", "src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/ui/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "local-backend",
          include: ["tests/local-backend/**/*.test.ts", "local-backend/**/*.test.ts"],
          environment: "node",
          // Real backends and Convex-sized transactions on a shared 2-core machine: slow, not stuck.
          testTimeout: 30_000,
        },
      },
      {
        // Browser journeys in real Chromium against the local backend: one client build per run
        // (globalSetup), one backend per test file, files one at a time (2 cores).
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/harness/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
