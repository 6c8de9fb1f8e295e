import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { minuteAt, useMinuteArgument, useMoveOnWhenPassed } from "@/features/moderation/hooks/use-minute-argument";

afterEach(() => {
  vi.useRealTimers();
});

/** The moderation lists' `now`, watching the given suspension ends. */
function useListNow(moments: (number | null)[]) {
  const [now, moveOn] = useMinuteArgument();
  useMoveOnWhenPassed(now, moments, moveOn);
  return now;
}

describe("the moderation lists' now argument", () => {
  it("is a whole minute, and stays put while nothing listed ends", () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 42));
    const { result } = renderHook(() => useListNow([null]));
    expect(result.current).toBe(Date.UTC(2026, 10, 27, 12, 0, 0));
    act(() => void vi.advanceTimersByTime(10 * 60_000));
    expect(result.current).toBe(Date.UTC(2026, 10, 27, 12, 0, 0));
  });

  it("moves on the minute after a listed suspension ends", () => {
    vi.useFakeTimers();
    const start = Date.UTC(2026, 10, 27, 12, 0, 0);
    vi.setSystemTime(start);
    const endsAt = start + 2 * 60_000 + 30_000;
    const { result } = renderHook(() => useListNow([endsAt]));
    act(() => void vi.advanceTimersByTime(2 * 60_000 + 40_000));
    expect(result.current).toBe(start);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(minuteAt(endsAt) + 60_000);
  });
});
