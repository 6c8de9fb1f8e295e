import type { ComponentType } from "react";

/** Seed §9: a screen that has not loaded after 120 seconds counts as failed (the error page offers a reload). */
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

/**
 * A route's `lazy` function for a page module with a default export: the screen's code is
 * downloaded only when someone goes there, and a load that hangs becomes an error.
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = LAZY_SCREEN_TIMEOUT_MS) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("The screen took too long to load.")), timeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}
