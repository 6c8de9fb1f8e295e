import { lazy, Suspense } from "react";

// sonner's Toaster is ~10 KB gzip: loading it right after the first screen keeps the first page
// within the JavaScript budget. toast() calls made meanwhile are kept by sonner and shown on mount.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** The app's one toast area (seed messages shown as toasts, PRODUCT D9). */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
