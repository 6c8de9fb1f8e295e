import { describe, expect, it, onTestFinished } from "vitest";
import { dayOfYear } from "@/features/home/day-of-year";

// Dates are built in local time, as the home page uses the visitor's calendar day.
describe("dayOfYear", () => {
  it("counts January 1st as day 1", () => {
    expect(dayOfYear(new Date(2025, 0, 1, 0, 0))).toBe(1);
    expect(dayOfYear(new Date(2025, 0, 1, 23, 59))).toBe(1);
  });

  it("counts December 31st as day 365 in a common year and 366 in a leap year", () => {
    expect(dayOfYear(new Date(2025, 11, 31, 12))).toBe(365);
    expect(dayOfYear(new Date(2024, 11, 31, 23, 59))).toBe(366);
    expect(dayOfYear(new Date(2000, 11, 31))).toBe(366);
    expect(dayOfYear(new Date(1900, 11, 31))).toBe(365);
  });

  it("includes February 29th only in leap years", () => {
    expect(dayOfYear(new Date(2024, 1, 29))).toBe(60);
    expect(dayOfYear(new Date(2024, 2, 1))).toBe(61);
    expect(dayOfYear(new Date(2025, 2, 1))).toBe(60);
  });

  it("does not skip or repeat a day around daylight-saving changes", () => {
    const originalZone = process.env.TZ;
    // A zone with daylight saving time (23- and 25-hour days in March and October).
    process.env.TZ = "Europe/Berlin";
    onTestFinished(() => {
      if (originalZone === undefined) delete process.env.TZ;
      else process.env.TZ = originalZone;
    });
    expect(new Date(2025, 6, 1).getTimezoneOffset()).not.toBe(new Date(2025, 0, 1).getTimezoneOffset());
    for (const year of [2024, 2025]) {
      for (let day = 1; day <= 365; day++) {
        // Late evening, the time most likely to be shifted by a 23- or 25-hour day.
        expect(dayOfYear(new Date(year, 0, day, 23, 30))).toBe(day);
      }
    }
  });
});
