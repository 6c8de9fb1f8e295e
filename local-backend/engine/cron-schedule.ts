/**
 * When a cron job of `convex/crons.ts` runs next. Convex's schedules (interval, hourly, daily,
 * weekly, monthly, cron) are all turned into either a fixed interval or a 5-field UTC cron
 * expression ("minute hour day-of-month month day-of-week").
 */

export type CronSchedule =
  | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: string; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number }
  | { type: "cron"; cron: string };

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MINUTE = 60_000;
/** Searching further than this for a matching minute means the expression never matches. */
const SEARCH_LIMIT_MINUTES = 366 * 24 * 60 * 5;

/** The next run strictly after `afterMs`, or null when the schedule never fires. */
export function nextRunAfter(schedule: CronSchedule, afterMs: number): number | null {
  if (schedule.type === "interval") {
    const seconds = schedule.seconds ?? (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600;
    return afterMs + seconds * 1000;
  }
  const matches = cronMatcher(toCronExpression(schedule));
  let candidate = Math.floor(afterMs / MINUTE) * MINUTE + MINUTE;
  for (let step = 0; step < SEARCH_LIMIT_MINUTES; step++, candidate += MINUTE) {
    if (matches(new Date(candidate))) return candidate;
  }
  return null;
}

function toCronExpression(schedule: Exclude<CronSchedule, { type: "interval" }>): string {
  switch (schedule.type) {
    case "hourly":
      return `${schedule.minuteUTC ?? 0} * * * *`;
    case "daily":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * *`;
    case "weekly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * ${DAYS.indexOf(schedule.dayOfWeek)}`;
    case "monthly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} ${schedule.day} * *`;
    case "cron":
      return schedule.cron;
  }
}

function cronMatcher(expression: string): (date: Date) => boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`cron expression needs 5 fields: "${expression}"`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const minutes = parseField(minute, 0, 59);
  const hours = parseField(hour, 0, 23);
  const days = parseField(dayOfMonth, 1, 31);
  const months = parseField(month, 1, 12);
  const weekdays = parseField(dayOfWeek, 0, 7);
  if (weekdays.has(7)) weekdays.add(0); // 7 is Sunday too
  const dayIsRestricted = dayOfMonth !== "*";
  const weekdayIsRestricted = dayOfWeek !== "*";
  return (date) => {
    if (!minutes.has(date.getUTCMinutes()) || !hours.has(date.getUTCHours())) return false;
    if (!months.has(date.getUTCMonth() + 1)) return false;
    const dayMatches = days.has(date.getUTCDate());
    const weekdayMatches = weekdays.has(date.getUTCDay());
    // Classic cron: when both day fields are restricted, either one matching is enough.
    if (dayIsRestricted && weekdayIsRestricted) return dayMatches || weekdayMatches;
    return dayMatches && weekdayMatches;
  };
}

/** "*", "5", "1-5", "*\/15", "10-50/10" and comma lists of those. */
function parseField(field: string, min: number, max: number): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(",")) {
    const match = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/.exec(part);
    if (match === null) throw new Error(`unsupported cron field "${field}"`);
    const [, range = "*", stepText] = match;
    const step = stepText === undefined ? 1 : Number(stepText);
    const [from, to] = range === "*" ? [min, max] : rangeBounds(range, stepText !== undefined ? max : null);
    if (step < 1 || from < min || to > max || from > to) throw new Error(`cron field out of range "${field}"`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

function rangeBounds(range: string, openEnd: number | null): [number, number] {
  const [start, end] = range.split("-").map(Number) as [number, number | undefined];
  return [start, end ?? openEnd ?? start];
}
