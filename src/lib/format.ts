import {
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isBefore,
  isSameMonth,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { it } from 'date-fns/locale';

/**
 * Italian formats of SPEC §9: prices (contract/money.ts, shared with the server's e-mails), durations
 * `1h 30m`, dates with the Italian locale and weeks that start on Monday.
 */

export { formatDuration, formatElapsed, formatPrice } from './format-numbers';

const options = { locale: it, weekStartsOn: 1 } as const;

/** `sabato` */
export const formatWeekday = (date: Date): string => format(date, 'EEEE', options);
/** `sab` (day picker column headers) */
export const formatWeekdayShort = (date: Date): string => format(date, 'EEEEEE', options);
/** `28` */
export const formatDayNumber = (date: Date): string => format(date, 'd', options);
/** `novembre` */
export const formatMonth = (date: Date): string => format(date, 'LLLL', options);
/** `novembre 2026` */
export const formatMonthYear = (date: Date): string => format(date, 'LLLL yyyy', options);
/** `28 novembre` */
export const formatDayMonth = (date: Date): string => format(date, 'd MMMM', options);
/** `sabato 28 novembre` */
export const formatLongDate = (date: Date): string => format(date, 'EEEE d MMMM', options);
/** `09:30` */
export const formatTime = (date: Date): string => format(date, 'HH:mm', options);

/** The API's dates are `YYYY-MM-DD` (SPEC §7). */
export const toApiDate = (date: Date): string => format(date, 'yyyy-MM-dd');
/** `2026-11-28` → that day at local midnight. */
export const fromApiDate = (value: string): Date => parse(value, 'yyyy-MM-dd', new Date());
/** `2026-11-28` + `09:30` → a local date-time. */
export const fromApiDateTime = (date: string, time: string): Date =>
  parse(`${date} ${time.slice(0, 5)}`, 'yyyy-MM-dd HH:mm', new Date());

/** Monday of the week holding `date`. */
export const startOfItalianWeek = (date: Date): Date => startOfWeek(date, options);
/** Sunday of the week holding `date`. */
export const endOfItalianWeek = (date: Date): Date => endOfWeek(date, options);

/** SPEC §5: the day picker refuses days before today. */
export const isBeforeToday = (date: Date, today: Date = new Date()): boolean =>
  isBefore(startOfDay(date), startOfDay(today));

/** Every day the day picker offers: from today through `months` months ahead (SPEC §9: 2, then 12). */
export function pickerDays(months: number, today: Date = new Date()): Date[] {
  const start = startOfDay(today);
  const end = endOfMonth(addMonths(start, Math.max(1, months) - 1));
  return eachDayOfInterval({ start, end });
}

/** The days of `days` grouped by month, in order, for month headings in the horizontal picker. */
export function groupDaysByMonth(days: readonly Date[]): { month: Date; days: Date[] }[] {
  const groups: { month: Date; days: Date[] }[] = [];
  for (const day of days) {
    const last = groups.at(-1);
    if (last && isSameMonth(last.month, day)) last.days.push(day);
    else groups.push({ month: startOfMonth(day), days: [day] });
  }
  return groups;
}

/** A month grid of whole weeks, Monday first: the days before the 1st and after the last fill in. */
export function monthGrid(month: Date): Date[][] {
  const days = eachDayOfInterval({
    start: startOfItalianWeek(startOfMonth(month)),
    end: endOfItalianWeek(endOfMonth(month)),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}
