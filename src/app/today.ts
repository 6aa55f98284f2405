const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when the EU's summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Today's date in Italy (the business runs on Europe/Rome time), as YYYY-MM-DD.
 *
 * Computed from the EU rule Italy follows (UTC+1, UTC+2 from 01:00 UTC on the last Sunday of March
 * to 01:00 UTC on the last Sunday of October) rather than with `Intl.DateTimeFormat`: the app reads
 * the date as it starts, and a browser's first DateTimeFormat loads its locale and time-zone data,
 * 15-45 ms of main thread on a phone before the screen can respond (issue 15).
 * tests/app/today.test.ts checks it against Intl's time-zone data.
 */
export function todayInRome(now: Date = new Date()): string {
  const time = now.getTime();
  const year = now.getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  const rome = new Date(time + (summer ? 2 : 1) * HOUR_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${rome.getUTCFullYear()}-${pad(rome.getUTCMonth() + 1)}-${pad(rome.getUTCDate())}`;
}
