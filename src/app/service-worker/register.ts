/**
 * Registers the service worker that the build generates (sw.js, vite.config.ts) and makes sure a
 * new version never takes over unasked: once one is installed, the page offers "New version
 * available — Reload" and switches only when that is pressed. src/main.tsx imports this after the
 * window's load event, so it is never part of the first download, and nothing depends on it:
 * without service workers (old browsers, `npm run dev`, a failed registration) the app works the
 * same, only not offline.
 */
import { showUpdatePrompt } from "./update-prompt";

const SERVICE_WORKER_URL = "/sw.js";
/** How often an open tab asks for a new sw.js: browsers check by themselves on navigations only, which a single-page app seldom makes. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SERVICE_WORKER_URL, { scope: "/" });
  } catch (error) {
    console.warn("The service worker was not registered; the app works on without offline support.", error);
    return;
  }

  let reloadRequested = false;
  const reload = () => {
    const waiting = registration.waiting;
    if (waiting === null) {
      // The new version is active already (no page was using the old one, or another tab's Reload).
      window.location.reload();
      return;
    }
    reloadRequested = true;
    // Workbox's generated worker activates on this message; the page reloads once it is in control.
    waiting.postMessage({ type: "SKIP_WAITING" });
  };
  const offer = () => void showUpdatePrompt(reload);

  // On a first visit the worker being installed now holds this very page's version: no prompt for it.
  const ownVersion = registration.active === null ? registration.installing : null;
  const watch = (worker: ServiceWorker | null) => {
    if (worker === null || worker === ownVersion) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer();
    });
  };
  registration.addEventListener("updatefound", () => watch(registration.installing));
  // An update found before this code ran, still installing.
  watch(registration.installing);
  container.addEventListener("controllerchange", () => {
    if (reloadRequested) window.location.reload();
    // Another tab let the new version in: this page still runs the old one, so it asks too.
    else offer();
  });
  // A version that was already waiting when the old one served this page (the prompt closed, then a reload).
  if (registration.waiting !== null && container.controller !== null) offer();

  window.setInterval(() => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}
