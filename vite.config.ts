import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompressPlugin } from "./scripts/precompress.ts";
import { securityHeadersFilePlugin } from "./scripts/security-headers-file.ts";
import { reactRouterDataModePlugin } from "./scripts/react-router-data-mode.ts";
import { reactRouterProductionPlugin } from "./scripts/react-router-production.ts";
import { reactRouterPurePlugin } from "./scripts/react-router-pure.ts";
import { routePreloadPlugin } from "./scripts/route-preload.ts";
import { treeShakeComponentsPlugin } from "./scripts/tree-shake-components.ts";
import { FIRST_VISIT_ROUTES } from "./src/config/first-visit-routes.ts";

/**
 * The installable app (docs/decisions.md, "The service worker"): the web app manifest and a
 * Workbox service worker generated at build time (sw.js), registered by src/app/service-worker/
 * after the page's load. Never in `npm run dev`.
 */
const pwa = VitePWA({
  // A new version waits until the person presses Reload in the prompt; we register it ourselves, lazily.
  registerType: "prompt",
  injectRegister: false,
  devOptions: { enabled: false },
  // sw.js is written first when the build closes, so that precompress (below) makes its twins from the finished file.
  integration: { closeBundleOrder: "pre" },
  // The install icons are for the launcher, not for the pages: not precached.
  includeManifestIcons: false,
  manifest: {
    id: "/",
    name: "DUMY community",
    short_name: "DUMY",
    description:
      "DUMY is a small community: a quote for every day, a board for passing books on, a feed of short posts, chats, and a card game.",
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    // The light theme's page (canvas) and bars (surface); the dark ones are index.html's media-specific theme-color.
    background_color: "#fafaf9",
    theme_color: "#ffffff",
    // Made from public/images/logo.svg by `npm run make:icons`.
    icons: [
      { src: "icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    // The app shell (index.html), every script and style sheet (hashed, under assets/), the offline
    // page and the logo it shows. Music, avatars and Duma's art are not precached (see runtimeCaching).
    globPatterns: ["**/*.{js,css,html}", "images/logo.svg"],
    // Every page of the app is index.html, from the precache, online or not: the app then shows
    // its own connection state and comes back by itself. Not for what the backend answers on this
    // origin (local backend, or a host proxying it): the API, storage, sync and Convex Auth's
    // routes (/api/…, OAuth callbacks included), OpenID documents (/.well-known/…), nor for
    // addresses of files (a dot in the last segment: /sw.js, /audio/…mp3).
    navigateFallback: "index.html",
    navigateFallbackDenylist: [/^\/api\//, /^\/\.well-known\//, /\/[^/]*\.[^/]*$/],
    runtimeCaching: [
      {
        // Those other navigations go to the network; when it fails, the offline page.
        urlPattern: ({ request }) => request.mode === "navigate",
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: "offline.html" } },
      },
      {
        // Pictures of public/, once seen: avatars and Duma's art still show offline, refreshed when online.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(avatars|duma|images)\/[^/]+\.svg$/.test(url.pathname),
        handler: "StaleWhileRevalidate",
        options: { cacheName: "pictures", expiration: { maxEntries: 80 } },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    treeShakeComponentsPlugin(),
    reactRouterProductionPlugin(),
    reactRouterPurePlugin(),
    reactRouterDataModePlugin(),
    routePreloadPlugin(FIRST_VISIT_ROUTES),
    pwa,
    precompressPlugin(),
    securityHeadersFilePlugin(),
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
    rollupOptions: {
      output: {
        chunkFileNames: "assets/[name]-[hash:7].js",
        // Everything the entry imports statically stays in the entry chunk. Without this group,
        // rolldown moves what the entry shares with lazy chunks into chunks of their own: React
        // (one more file on the first visit, compressed apart, ~0.6 KB gzip), and whole parts of
        // the Convex client when a lazy screen imports a module the frame uses (see top-bar.tsx).
        // What two or more lazy screens share goes into one "shared" chunk. Left to rolldown it
        // became a chunk per combination of screens, 114 files: a book's page needed 37 of 1–13 KB
        // each, and a phone on a slow network (HTTP/1.1: six at a time, a round trip each) spent
        // about a second fetching them (Lighthouse 87 → 98 on /books/{book}; docs/benchmarks.md).
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 2 },
            { name: "shared", minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
