import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useBlocker, type BlockerFunction } from "react-router-dom";

export type UnsavedChanges = {
  /** A navigation inside the app is waiting for the person's answer (UnsavedChangesDialog asks). */
  asking: boolean;
  /** Cancels the waiting navigation; the edits stay. */
  stay: () => void;
  /** Goes on with the waiting navigation; the edits are lost. */
  leave: () => void;
  /**
   * Lets navigations through without asking, e.g. on Cancel or once a save is on its way (a
   * mutation sent finishes even if the page goes).
   */
  allowLeaving: () => void;
  /** Asks again from now on (the save failed, the edits are still only here). */
  guardAgain: () => void;
};

/**
 * Guards a form's edits while `dirty`: a navigation inside the app (a link, Back) waits for an
 * answer (React Router's useBlocker; render UnsavedChangesDialog with the result), and closing the
 * tab or reloading gets the browser's own "Leave site?" question (beforeunload). Needs a data
 * router, as the app's createBrowserRouter (tests: tests/ui/render.tsx).
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  // Read when a navigation starts, which can be before React re-renders with a new `dirty`.
  const dirtyNow = useRef(dirty);
  const allowed = useRef(false);
  // Set by Leave: the dialog closing after it must not cancel the navigation it let through.
  const proceeding = useRef(false);
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state === "unblocked") proceeding.current = false;
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    function warn(event: BeforeUnloadEvent) {
      if (allowed.current) return;
      event.preventDefault();
      // Chrome before 119 and some others ask only when a return value is set.
      event.returnValue = "";
    }
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return {
    asking: blocker.state === "blocked",
    stay: () => {
      if (proceeding.current || blocker.state !== "blocked") return;
      blocker.reset();
    },
    leave: () => {
      if (blocker.state !== "blocked") return;
      proceeding.current = true;
      blocker.proceed();
    },
    allowLeaving: () => {
      allowed.current = true;
    },
    guardAgain: () => {
      allowed.current = false;
    },
  };
}
