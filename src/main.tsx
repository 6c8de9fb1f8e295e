import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (offline, installable, update prompt): registered after the page's load, from a
// chunk of its own so the first download does not carry it (src/app/service-worker/register.ts).
// Builds only (the e2e build's NODE_ENV is "test", so not PROD): the dev server has no sw.js.
if (import.meta.env.MODE !== "development") {
  addEventListener("load", () => import("./app/service-worker/register").then((m) => m.registerServiceWorker()));
}
