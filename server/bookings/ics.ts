/**
 * An iCalendar file (RFC 5545) with one VEVENT for a booking, for the confirmation e-mail and a
 * "add to calendar" download. Times are written in Europe/Rome local time with a TZID and the
 * matching VTIMEZONE (EU summer-time rules), so calendars show the appointment at the booked hour
 * in any time zone; DTSTAMP is UTC. Text is escaped (\\ ; , newline) and lines are folded at
 * 75 octets without splitting a UTF-8 character. Lines end with CRLF.
 */
import { PRODUCT } from '../../contract/constants';
import { formatPrice } from '../../contract/money';
import { TIME_ZONE, instantToZoned } from '../domain/time';

export interface IcsEvent {
  /** Globally unique and stable for the booking, e.g. '<bookingId>@musa.example'. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  /** When the file is produced (DTSTAMP). */
  stamp: Date;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  url?: string;
  /** Increase when the booking changes, so calendars replace the event. */
  sequence?: number;
  geo?: { lat: number; lng: number };
  /** Minutes before the start for a reminder; none when omitted. */
  reminderMinutes?: number;
  /** PUBLISH (an event to add) unless told; CANCEL removes the event of the same UID. */
  method?: 'PUBLISH' | 'CANCEL';
  /** Whole days instead of `start`/`end` (a day off): the first day and the day after the last ('YYYY-MM-DD'). */
  days?: { first: string; afterLast: string };
}

const CRLF = '\r\n';
const encoder = new TextEncoder();

/** RFC 5545 §3.3.11 TEXT escaping. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1 folding: at most 75 octets a line, continuation lines start with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
      limit = 74; // the leading space takes one octet
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const pad = (n: number) => String(n).padStart(2, '0');

function utcStamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(
    d.getUTCMinutes(),
  )}${pad(d.getUTCSeconds())}Z`;
}

function localStamp(d: Date, timeZone: string): string {
  const { date, time } = instantToZoned(d, timeZone);
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** Europe/Rome since 1996: CET, CEST from the last Sunday of March to the last Sunday of October. */
const VTIMEZONE_ROME = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Rome',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One VEVENT's lines (unfolded). */
function eventLines(event: IcsEvent): string[] {
  const tz = TIME_ZONE;
  const dateValue = (day: string) => day.replace(/-/g, '');
  const lines: string[] = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...(event.days
      ? [`DTSTART;VALUE=DATE:${dateValue(event.days.first)}`, `DTEND;VALUE=DATE:${dateValue(event.days.afterLast)}`]
      : [`DTSTART;TZID=${tz}:${localStamp(event.start, tz)}`, `DTEND;TZID=${tz}:${localStamp(event.end, tz)}`]),
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.lat.toFixed(6)};${event.geo.lng.toFixed(6)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status ?? 'CONFIRMED'}`, `SEQUENCE:${event.sequence ?? 0}`, 'TRANSP:OPAQUE');
  if (event.reminderMinutes !== undefined && event.reminderMinutes > 0) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(event.summary)}`,
      `TRIGGER:-PT${Math.round(event.reminderMinutes)}M`,
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A calendar of `events` (CRLF line ends, folded): with a METHOD for a file sent by e-mail, without
 * one for a feed that calendar apps subscribe to (RFC 5545 §3.7.2), named by `name` there.
 */
export function calendarIcs(
  events: readonly IcsEvent[],
  options: { method?: 'PUBLISH' | 'CANCEL'; name?: string },
): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT}//Prenotazioni//IT`,
    'CALSCALE:GREGORIAN',
    ...(options.method ? [`METHOD:${options.method}`] : []),
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`, `X-WR-TIMEZONE:${TIME_ZONE}`] : []),
    ...VTIMEZONE_ROME,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The calendar file of one event, sent by e-mail (METHOD PUBLISH unless told). */
export function createIcs(event: IcsEvent): string {
  return calendarIcs([event], { method: event.method ?? 'PUBLISH' });
}

export interface BookingIcsInput {
  bookingId: string;
  start: Date | string;
  end: Date | string;
  /** The address as the booking stores it: 'Via Roma, 2, Torino'. */
  address: string;
  coordinates?: { lat: number; lng: number };
  services: ReadonlyArray<{ name: string; price: number }>;
  total: number;
  supplement?: number;
  toBeConfirmed?: boolean;
  professionalName?: string;
  /** The web app's address (APP_URL), for the link to the personal area. */
  appUrl?: string;
  /** Domain for the UID, e.g. 'musa.example'. */
  uidDomain?: string;
  /** The booking's calendar revision (bookings.sequence). */
  sequence?: number;
  /** The booking was cancelled: the file removes the event (METHOD:CANCEL, STATUS:CANCELLED). */
  cancelled?: boolean;
  now: Date;
}

/**
 * The event's title: what comes, then the product ('Piega liscia, Maschera idratante · Musa'), so a
 * week in her calendar says what comes when; each name once (a salotto lists a service per
 * category). 'Appuntamento Musa' only for a booking without services.
 */
export function eventSummary(services: ReadonlyArray<{ name: string }>): string {
  const names = [...new Set(services.map((s) => s.name.trim()).filter((name) => name !== ''))];
  return names.length > 0 ? `${names.join(', ')} · ${PRODUCT}` : `Appuntamento ${PRODUCT}`;
}

/** The calendar file for a booking: its services (eventSummary) at the customer's address. */
export function bookingIcs(input: BookingIcsInput): string {
  const lines = [
    'Servizi:',
    ...input.services.map((s) => `- ${s.name}: ${formatPrice(s.price)}`),
    ...(input.supplement && input.supplement > 0 ? [`Supplemento fuori orario: ${formatPrice(input.supplement)}`] : []),
    `Totale: ${formatPrice(input.total)} (pagamento sul posto)`,
    ...(input.professionalName ? [`Professionista: ${input.professionalName}`] : []),
    ...(input.toBeConfirmed
      ? ['In attesa di conferma: ti avviseremo appena la professionista conferma l’orario.']
      : []),
  ];
  return createIcs({
    uid: `${input.bookingId}@${input.uidDomain ?? 'musa.example'}`,
    start: new Date(input.start),
    end: new Date(input.end),
    summary: eventSummary(input.services),
    location: input.address,
    description: lines.join('\n'),
    stamp: input.now,
    status: input.cancelled ? 'CANCELLED' : input.toBeConfirmed ? 'TENTATIVE' : 'CONFIRMED',
    sequence: input.sequence ?? 0,
    ...(input.cancelled ? { method: 'CANCEL' as const } : { reminderMinutes: 24 * 60 }),
    ...(input.coordinates ? { geo: input.coordinates } : {}),
    ...(input.appUrl ? { url: input.appUrl } : {}),
  });
}
