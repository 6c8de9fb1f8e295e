import { toast } from "sonner";

type ToastId = string | number;

/** Failure toasts shown since the last success (some may have closed by themselves meanwhile). */
const failuresShown = new Set<ToastId>();

/** A red toast with what went wrong; returns its id so a form can take it back once it is fixed. */
export function showFailure(message: string): ToastId | undefined {
  const id = toast.error(message);
  if (id !== undefined) failuresShown.add(id);
  return id;
}

/** Takes a failure toast back (the user changed what it was about). */
export function dismissFailure(id: ToastId | undefined | null): void {
  if (id === undefined || id === null) return;
  failuresShown.delete(id);
  toast.dismiss(id);
}

/**
 * A green toast that replaces the failures it resolves: the last failure turns into it in place
 * (sonner updates a toast given the same id) and older ones go, so no red message lingers
 * behind a success.
 */
export function showSuccess(message: string): void {
  const failures = [...failuresShown];
  failuresShown.clear();
  const replaced = failures.pop();
  for (const id of failures) toast.dismiss(id);
  if (replaced === undefined) toast.success(message);
  else toast.success(message, { id: replaced });
}
