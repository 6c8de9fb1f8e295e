/**
 * "New version available" with a Reload button, as one of the app's toasts (sonner, shown by the
 * layout's LazyToaster). It stays until the person reloads or closes it: a new version is never
 * switched to behind their back, and closing it only puts the question off to the next load.
 */

/** One prompt at a time: showing it again updates the one on screen. */
const PROMPT_ID = "service-worker-update";

export async function showUpdatePrompt(reload: () => void): Promise<void> {
  // sonner is the toaster's chunk, loaded by then; a static import would make this chunk depend on it,
  // and list that dependency in the first download's preload map (about 20 bytes more).
  const { toast } = await import("sonner");
  toast("New version available", {
    id: PROMPT_ID,
    duration: Number.POSITIVE_INFINITY,
    action: { label: "Reload", onClick: reload },
  });
}
