import { lazy, Suspense, type CSSProperties } from "react";

// sonner's Toaster is ~10 KB gzip: loading it right after the first screen keeps the first page
// within the JavaScript budget. toast() calls made meanwhile are kept by sonner and shown on mount.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * Just below the top bar (3.5 rem tall, see top-bar.tsx) and well above the bottom bar, so a
 * toast hides no navigation, on a phone as on a wide screen.
 */
const TOAST_OFFSET = { top: "4.25rem" } as const;

/**
 * sonner's rich colours put its error red (hsl(360 100% 45%)) on a pale pink at about 4.2:1, under
 * the 4.5:1 axe asks of body text; these darker texts keep the colours and pass (≥ 6:1).
 */
const READABLE_RICH_COLORS = {
  "--error-text": "hsl(0 74% 35%)",
  "--success-text": "hsl(142 72% 22%)",
} as CSSProperties;

/** The app's one toast area (seed messages shown as toasts, PRODUCT D9). */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        richColors
        closeButton
        style={READABLE_RICH_COLORS}
      />
    </Suspense>
  );
}
