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

export function instantToZoned(instant: Date | number | string, timeZone: string): { date: string; time: string } {
  const parts = formatterOf(timeZone).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}
