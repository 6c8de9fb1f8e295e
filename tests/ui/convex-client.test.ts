import type { Watch } from "convex/react";
import { describe, expect, it, vi } from "vitest";
import { renderUpdatesAsTransition } from "@/app/convex-client";

/** A watch whose updates the test fires by hand. */
function fakeWatch() {
  const listeners = new Set<() => void>();
  const unsubscribe = vi.fn();
  const watch: Watch<string> = {
    onUpdate(callback) {
      listeners.add(callback);
      return () => {
        listeners.delete(callback);
        unsubscribe();
      };
    },
    localQueryResult: () => "result",
    journal: () => "journal",
  };
  return { watch, unsubscribe, fire: () => listeners.forEach((listener) => listener()) };
}

describe("the app's Convex client renders query updates as a transition", () => {
  it("hands every update to the scheduler, which runs the watcher's callback", () => {
    const { watch, fire } = fakeWatch();
    const scheduled: (() => void)[] = [];
    const wrapped = renderUpdatesAsTransition(watch, (update) => scheduled.push(update));
    const callback = vi.fn();
    wrapped.onUpdate(callback);

    fire();
    expect(callback).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("passes the result, the journal and unsubscribing through untouched", () => {
    const { watch, unsubscribe, fire } = fakeWatch();
    const schedule = vi.fn((update: () => void) => update());
    const wrapped = renderUpdatesAsTransition(watch, schedule);
    expect(wrapped.localQueryResult()).toBe("result");
    expect(wrapped.journal()).toBe("journal");

    const callback = vi.fn();
    const stop = wrapped.onUpdate(callback);
    stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    fire();
    expect(callback).not.toHaveBeenCalled();
    expect(schedule).not.toHaveBeenCalled();
  });
});
