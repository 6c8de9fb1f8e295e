import { afterEach, describe, expect, it, vi } from "vitest";
import { startNewVisitAtTheTop } from "@/app/new-visit-scroll";

const KEY = "react-router-scroll-positions";

function loadedBy(type: NavigationTimingType) {
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as PerformanceNavigationTiming]);
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("a page load's first scroll position", () => {
  it("is forgotten on a new visit, where the tab's first location of an earlier load would give it", () => {
    sessionStorage.setItem(KEY, JSON.stringify({ default: 640, abc123: 200 }));
    loadedBy("navigate");
    startNewVisitAtTheTop();
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ abc123: 200 });
  });

  it("is kept on a reload and on Back or Forward into the app", () => {
    for (const type of ["reload", "back_forward"] as const) {
      sessionStorage.setItem(KEY, JSON.stringify({ default: 640 }));
      loadedBy(type);
      startNewVisitAtTheTop();
      expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ default: 640 });
    }
  });

  it("does nothing when nothing was kept", () => {
    loadedBy("navigate");
    startNewVisitAtTheTop();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});
