const MS_PER_DAY = 86_400_000;

/** The counter's denominator (seed §9: "counter out of 366"). */
export const DAYS_IN_COUNTER = 366;

/**
 * Day of the year of the date's local calendar day: 1 on January 1st, 365 (or 366 in a leap
 * year) on December 31st. Counted on UTC dates built from the local year/month/day, so daylight
 * saving changes (23- or 25-hour days) cannot shift it.
 */
export function dayOfYear(date: Date): number {
  const startOfYear = Date.UTC(date.getFullYear(), 0, 1);
  const day = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((day - startOfYear) / MS_PER_DAY) + 1;
}
