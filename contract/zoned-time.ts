/**
 * An instant as it reads on the clocks of a zone (an appointment's, e.g. Europe/Rome), whatever the
 * zone of the machine that asks: `{ date: '2026-12-02', time: '10:00' }`. One formatter per zone,
 * kept: making one is the costly part. Shared by the API (days, reminders, e-mails) and the app (an
 * appointment's deadline).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's clock at `ms`, from the formatter itself: the reference the memo below keeps. */
export function formattedZoned(ms: number, timeZone: string): { date: string; time: string } {
  const parts = formatterOf(timeZone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * Every zone's offset changes only on a quarter hour of UTC (offsets and their changes are whole
 * quarters since the 1900s): the offset is read once per zone and quarter hour, then the clock is
 * plain arithmetic (issue 30: formatToParts made a tenth of /me/next's CPU). Bounded: a zone's memo
 * is emptied past MEMO_LIMIT quarters.
 */
const QUARTER_MS = 15 * 60_000;
const MEMO_LIMIT = 20_000;
const offsets = new Map<string, Map<number, number>>();

function offsetAt(ms: number, timeZone: string): number {
  let byQuarter = offsets.get(timeZone);
  if (!byQuarter) offsets.set(timeZone, (byQuarter = new Map()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const { date, time } = formattedZoned(start, timeZone);
    offset = Date.parse(`${date}T${time}:00Z`) - Math.floor(start / 60_000) * 60_000;
    if (byQuarter.size >= MEMO_LIMIT) byQuarter.clear();
    byQuarter.set(quarter, offset);
  }
  return offset;
}

export function instantToZoned(instant: Date | number | string, timeZone: string): { date: string; time: string } {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  if (!Number.isFinite(ms)) return formattedZoned(ms, timeZone);
  const local = new Date(ms + offsetAt(ms, timeZone)).toISOString();
  // Years 0–9999 only: beyond, the ISO text has a sign and six digits (the formatter answers those).
  if (local.length !== 24) return formattedZoned(ms, timeZone);
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
