import { lazy, Suspense } from "react";

// sonner's Toaster is ~10 KB gzip: loading it right after the first screen keeps the first page
// within the JavaScript budget. toast() calls made meanwhile are kept by sonner and shown on mount.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * Just below the top bar (3.5 rem tall, see top-bar.tsx) and well above the bottom bar, so a
 * toast hides no navigation, on a phone as on a wide screen.
 */
const TOAST_OFFSET = { top: "4.25rem" } as const;

/** The app's one toast area (seed messages shown as toasts, PRODUCT D9). */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} richColors closeButton />
    </Suspense>
  );
}
