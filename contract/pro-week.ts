import * as v from 'valibot';
import type { ApiCall } from './calls';
import { API_CATEGORIES } from './constants';
import { idField, isoDateField, isoDateTimeField, isRealIsoDate, timeField } from './fields';
import { MESSAGES } from './messages';
import { proAppointmentSchema } from './pro';

/**
 * The professionals' week (ours, issue 40): her weekly hours from a date on, her time off, the
 * hand-over of her appointments to colleagues, the team's board and reassignment, her calendar
 * feed. Apart from calls.ts and pro-calls.ts so that nobody's first load downloads it (the hours,
 * time-off and team screens load it with their own chunks: vite.config.ts keeps it out of the
 * shared contract chunk).
 *
 * Who (as every /pro/… call, docs/api.md 'The professionals' side'): signed in (401 otherwise); a
 * professional reads and changes only her own hours, time off and feed (the calls without a
 * professionalId); the team (role 'team') does it for anyone, by professionalId (`/pro/team/…`),
 * and alone sees the board and reassigns. A customer gets 403; a professional on a team call 403;
 * a time off or an appointment that is not the caller's 404, as one that does not exist. Bad input
 * (PRO_WEEK_MESSAGES) is a 400 and changes nothing; an unknown professional is a 404.
 */

/** The most ranges one weekday may have. */
export const HOURS_RANGES_MAX = 6;
/** The longest time off one call may enter, in days (a longer absence is entered in parts). */
export const TIME_OFF_MAX_DAYS = 62;
/** The most characters a time off's reason may take (only the team reads it). */
export const TIME_OFF_REASON_MAX = 200;

/** The Italian copy of this file's checks and refusals (the server answers with the same words). */
export const PRO_WEEK_MESSAGES = {
  timeOutOfDay: 'Gli orari vanno da 00:00 a 24:00',
  rangeReversed: 'L’orario di fine deve essere dopo quello di inizio',
  rangesOverlap: 'Le fasce orarie di uno stesso giorno non possono sovrapporsi',
  tooManyRanges: `Al massimo ${HOURS_RANGES_MAX} fasce orarie al giorno`,
  weekdayInvalid: 'Giorno della settimana non valido',
  weekdayTwice: 'Ogni giorno della settimana può comparire una volta sola',
  dateInPast: 'La data non può essere nel passato',
  daysReversed: 'La data di fine deve essere uguale o successiva a quella di inizio',
  timeOffTooLong: `Un’assenza può durare al massimo ${TIME_OFF_MAX_DAYS} giorni: inseriscila in più parti`,
  timeOffInPast: 'L’assenza non può iniziare nel passato',
  reasonTooLong: `Al massimo ${TIME_OFF_REASON_MAX} caratteri`,
  timeOffOverlaps: 'C’è già un’assenza in questo periodo',
  timeOffNotFound: 'Assenza non trovata.',
  timeOffEnded: 'Questa assenza è già finita.',
  unknownProfessional: 'Professionista non trovata.',
  feedNotFound: 'Calendario non trovato: l’indirizzo non è valido o è stato cambiato.',
  unknownZone: 'Città non trovata.',
  teamOnly: 'Quest’area è riservata al team Musa.',
  professionalOnly: 'Quest’area è riservata alle professioniste.',
  appointmentNotFound: 'Appuntamento non trovato.',
  appointmentInHours: 'Questo appuntamento è nei tuoi orari: per non andarci segna un’assenza.',
  appointmentNotHandedOver: 'Questo appuntamento non si può passare: è annullato o già iniziato.',
  notServing: 'Questa professionista non fa questi servizi a questo indirizzo.',
  notWorking: 'Questa professionista non lavora in quell’orario.',
  notFree: 'Questa professionista non è libera in quell’orario.',
  sameProfessional: 'È già la sua professionista.',
  categoryRequired: 'Scegli quale parte del salotto riassegnare',
} as const;

const MINUTES = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (time: string): number => {
  if (time === '24:00') return 1440;
  const match = MINUTES.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};

/** A start of day's hours: 00:00–23:59 → 'Gli orari vanno da 00:00 a 24:00'. */
export const startTimeField = v.pipe(
  v.string(PRO_WEEK_MESSAGES.timeOutOfDay),
  v.regex(MINUTES, PRO_WEEK_MESSAGES.timeOutOfDay),
);
/** An end of day's hours: 00:01–24:00 (24:00 is the day's end). */
export const endTimeField = v.pipe(
  v.string(PRO_WEEK_MESSAGES.timeOutOfDay),
  v.check((text) => text === '24:00' || MINUTES.test(text), PRO_WEEK_MESSAGES.timeOutOfDay),
);

/** One working range of a day, local time (Europe/Rome), the end excluded: { start: '09:00', end: '13:00' }. */
export const hoursRangeSchema = v.pipe(
  v.object({ start: startTimeField, end: endTimeField }),
  v.forward(
    v.check((range) => minutesOf(range.end) > minutesOf(range.start), PRO_WEEK_MESSAGES.rangeReversed),
    ['end'],
  ),
);
export type HoursRange = v.InferOutput<typeof hoursRangeSchema>;

/** Whether two of these ranges share a minute (touching ends, 13:00 and 13:00, do not). */
export const rangesOverlap = (ranges: readonly HoursRange[]): boolean => {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  return sorted.some((range, i) => i > 0 && minutesOf(range.start) < minutesOf(sorted[i - 1]!.end));
};

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Monday 1 … Sunday 7 (ISO 8601). */
export const weekdayField = v.picklist(WEEKDAYS, PRO_WEEK_MESSAGES.weekdayInvalid);

/** One weekday's ranges (several a day; none: she does not work that day). */
export const weekdayHoursSchema = v.pipe(
  v.object({
    weekday: weekdayField,
    ranges: v.pipe(
      v.array(hoursRangeSchema, MESSAGES.invalidValue),
      v.maxLength(HOURS_RANGES_MAX, PRO_WEEK_MESSAGES.tooManyRanges),
    ),
  }),
  v.forward(
    v.check((day) => !rangesOverlap(day.ranges), PRO_WEEK_MESSAGES.rangesOverlap),
    ['ranges'],
  ),
);

/** Her week: each weekday once at most; a weekday left out is a day off. */
export const weekSchema = v.pipe(
  v.array(weekdayHoursSchema, MESSAGES.invalidValue),
  v.maxLength(WEEKDAYS.length, PRO_WEEK_MESSAGES.weekdayTwice),
  v.check((days) => new Set(days.map((d) => d.weekday)).size === days.length, PRO_WEEK_MESSAGES.weekdayTwice),
);
export type Week = v.InferOutput<typeof weekSchema>;

const nameField = v.string(MESSAGES.invalidValue);
const professionalRef = v.object({ id: idField, name: nameField });

/** What happened to one appointment (or a salotto member's part) handed over from a professional. */
export const HAND_OVER_STATES = [
  /** Waiting for its job (an outbox row): moved to a colleague, or put on the board, in a moment. */
  'pending',
  /** A colleague took it: the customer was told ('Cambio di professionista'). */
  'moved',
  /** Nobody could take it: on the team's board, 'da ricollocare'; the customer was told the team is on it. */
  'unplaced',
  /** Still unplaced HAND_OVER_LAST_HOURS before the start: cancelled, with an apology and the nearest free times. */
  'cancelled',
  /** Settled otherwise: the customer cancelled or moved it herself, or the team reassigned it. */
  'resolved',
] as const;
export type HandOverState = (typeof HAND_OVER_STATES)[number];
/**
 * An appointment nobody could take is cancelled this many hours before its start; one handed over
 * later than that waits for the team until HAND_OVER_TEAM_HOURS before it.
 */
export const HAND_OVER_LAST_HOURS = 24;
export const HAND_OVER_TEAM_HOURS = 2;

/** Why it was handed over: her time off, her new hours (she handed it over), or the team's reassignment. */
export const HAND_OVER_CAUSES = ['time-off', 'hours', 'team'] as const;

export const handOverSchema = v.object({
  id: idField,
  bookingId: idField,
  /** A salotto member's part: its category; null for a single booking. */
  category: v.nullable(v.picklist(API_CATEGORIES, MESSAGES.invalidValue)),
  cause: v.picklist(HAND_OVER_CAUSES, MESSAGES.invalidValue),
  state: v.picklist(HAND_OVER_STATES, MESSAGES.invalidValue),
  date: isoDateField,
  startTime: timeField,
  endTime: timeField,
  startDateTime: isoDateTimeField,
  /** Whose it was. */
  from: professionalRef,
  /** Who took it (state 'moved'); null otherwise. */
  to: v.nullable(professionalRef),
});
export type HandOver = v.InferOutput<typeof handOverSchema>;

const optionalReason = v.optional(
  v.nullable(
    v.pipe(
      v.string(MESSAGES.invalidValue),
      v.trim(),
      v.maxLength(TIME_OFF_REASON_MAX, PRO_WEEK_MESSAGES.reasonTooLong),
    ),
  ),
  null,
);

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A time off to enter: whole days (`startDate`…`endDate`, both included, at most TIME_OFF_MAX_DAYS)
 * or hours of one day (`date`, `startTime`–`endTime`, 24:00 the day's end). Its reason is optional
 * and only the team reads it (her own replies carry null). Starting in the past is refused by the server (400
 * `timeOffInPast`: the contract does not know today).
 */
export const timeOffPayloadSchema = v.pipe(
  v.variant(
    'kind',
    [
      v.object({
        kind: v.literal('days'),
        startDate: isoDateField,
        endDate: isoDateField,
        reason: optionalReason,
      }),
      v.object({
        kind: v.literal('hours'),
        date: isoDateField,
        startTime: startTimeField,
        endTime: endTimeField,
        reason: optionalReason,
      }),
    ],
    MESSAGES.invalidValue,
  ),
  v.forward(
    v.check(
      (input) =>
        input.kind !== 'days' ||
        !isRealIsoDate(input.startDate) ||
        !isRealIsoDate(input.endDate) ||
        input.endDate >= input.startDate,
      PRO_WEEK_MESSAGES.daysReversed,
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (input) => input.kind !== 'days' || daysBetween(input.startDate, input.endDate) < TIME_OFF_MAX_DAYS,
      PRO_WEEK_MESSAGES.timeOffTooLong,
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (input) => input.kind !== 'hours' || minutesOf(input.endTime) > minutesOf(input.startTime),
      PRO_WEEK_MESSAGES.rangeReversed,
    ),
    ['endTime'],
  ),
);
export type TimeOffPayload = v.InferOutput<typeof timeOffPayloadSchema>;

/** A time off as she and the team read it. */
export const timeOffSchema = v.object({
  id: idField,
  professional: professionalRef,
  kind: v.picklist(['days', 'hours'], MESSAGES.invalidValue),
  /** The first and last day (the same day for hours). */
  startDate: isoDateField,
  endDate: isoDateField,
  /** Hours: the local times; days: '00:00' and '24:00'. */
  startTime: timeField,
  endTime: endTimeField,
  startDateTime: isoDateTimeField,
  endDateTime: isoDateTimeField,
  /** Its reason: the team's replies only; null in hers (and when none was given). */
  reason: v.nullable(v.string(MESSAGES.invalidValue)),
  /** Who entered it: she, or the team (e.g. she phoned in sick). */
  enteredBy: v.picklist(['professional', 'team'], MESSAGES.invalidValue),
  cancelled: v.boolean(MESSAGES.invalidValue),
  /** Her appointments it covered, and what became of each. */
  handOvers: v.array(handOverSchema, MESSAGES.invalidValue),
});
export type TimeOff = v.InferOutput<typeof timeOffSchema>;

/** A professional's hours: those in force today, the changes to come, and her appointments outside them. */
export const proHoursSchema = v.object({
  professional: professionalRef,
  /** The week in force today; `validFrom` null: her hours since before any change. */
  current: v.object({ validFrom: v.nullable(isoDateField), week: weekSchema }),
  /** Weeks saved from a later day, soonest first. */
  upcoming: v.array(v.object({ validFrom: isoDateField, week: weekSchema }), MESSAGES.invalidValue),
  /**
   * Her appointments from today on that lie outside the hours in force on their day: they are kept
   * (nobody is moved by a change of hours); she may hand each over (handOverAppointmentCall).
   */
  outside: v.array(proAppointmentSchema, MESSAGES.invalidValue),
});
export type ProHours = v.InferOutput<typeof proHoursSchema>;

/** Saving a week from a day on (today or later): it applies from that day until the next saved change. */
export const saveHoursPayloadSchema = v.object({ validFrom: isoDateField, week: weekSchema });

const hoursResponse = v.object({ hours: proHoursSchema });
const professionalParams = v.object({ professionalId: idField });
const timeOffParams = v.object({ timeOffId: idField });
const bookingParams = v.object({ bookingId: idField });
const timeOffListResponse = v.object({ timeOff: v.array(timeOffSchema, MESSAGES.invalidValue) });
const timeOffResponse = v.object({ timeOff: timeOffSchema });

// ---------------------------------------------------------------------------------------------
// Her hours

/** Her own hours (a professional; 403 for the team without a professional record). */
export const proHoursCall = {
  method: 'GET',
  route: '/pro/hours',
  response: hoursResponse,
} satisfies ApiCall;

/**
 * Saves her week from `validFrom` on (today or later: 400 `dateInPast`). Availability and the
 * store use it from that day. Appointments it leaves outside are kept and listed (`outside`).
 */
export const saveProHoursCall = {
  method: 'POST',
  route: '/pro/hours',
  payload: saveHoursPayloadSchema,
  response: hoursResponse,
} satisfies ApiCall;

/** The team: a professional's hours. */
export const teamHoursCall = {
  method: 'GET',
  route: '/pro/team/professionals/:professionalId/hours',
  params: professionalParams,
  response: hoursResponse,
} satisfies ApiCall;

/** The team: saves a professional's week from a day on. */
export const saveTeamHoursCall = {
  method: 'POST',
  route: '/pro/team/professionals/:professionalId/hours',
  params: professionalParams,
  payload: saveHoursPayloadSchema,
  response: hoursResponse,
} satisfies ApiCall;

/**
 * Hands one of her appointments outside her hours over to a colleague (409 `appointmentInHours`
 * when it lies within them: a time off is how she stays away then). The move follows as for a time
 * off's (handOverSchema).
 */
export const handOverAppointmentCall = {
  method: 'POST',
  route: '/pro/appointments/:bookingId/hand-over',
  params: bookingParams,
  response: v.object({ handOvers: v.array(handOverSchema, MESSAGES.invalidValue) }),
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// Time off

/** Her time off not yet over, soonest first, each with what became of her appointments. */
export const proTimeOffCall = {
  method: 'GET',
  route: '/pro/time-off',
  response: timeOffListResponse,
} satisfies ApiCall;

/**
 * Enters her time off (201). From then on nobody is offered her inside it, on any path (the
 * database refuses it); her appointments inside it are handed over to colleagues (`handOvers`,
 * their moves follow in a moment). 409 `timeOffOverlaps` when she already has one then.
 */
export const createProTimeOffCall = {
  method: 'POST',
  route: '/pro/time-off',
  payload: timeOffPayloadSchema,
  response: timeOffResponse,
} satisfies ApiCall;

/** The team: a professional's time off not yet over. */
export const teamTimeOffCall = {
  method: 'GET',
  route: '/pro/team/professionals/:professionalId/time-off',
  params: professionalParams,
  response: timeOffListResponse,
} satisfies ApiCall;

/** The team: enters a professional's time off (she phoned in sick): the same hand-over follows. */
export const createTeamTimeOffCall = {
  method: 'POST',
  route: '/pro/team/professionals/:professionalId/time-off',
  params: professionalParams,
  payload: timeOffPayloadSchema,
  response: timeOffResponse,
} satisfies ApiCall;

/**
 * Cancels a time off (hers, or anyone's for the team; 404 otherwise): she is offered again from
 * then on. Appointments already handed over stay with their new professional. 409 once it is over.
 */
export const cancelTimeOffCall = {
  method: 'POST',
  route: '/pro/time-off/:timeOffId/cancel',
  params: timeOffParams,
  response: timeOffResponse,
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// The team's board

/** A free time offered instead, on the board (the nearest for the same services and address). */
export const nearestTimeSchema = v.object({ date: isoDateField, startTime: timeField, endTime: timeField });

export const boardColumnSchema = v.object({
  professional: v.object({ id: idField, name: nameField, hoursConfirmed: v.boolean(MESSAGES.invalidValue) }),
  /** Her hours that day (none: a day off). */
  hours: v.array(hoursRangeSchema, MESSAGES.invalidValue),
  /** Confirmed appointments of hers that day, in time order (a salotto member: her part's times). */
  appointments: v.array(proAppointmentSchema, MESSAGES.invalidValue),
  /** Requests waiting (pending) assigned to her that day. */
  requests: v.array(proAppointmentSchema, MESSAGES.invalidValue),
  /** Her time off touching that day (the team reads its reason). */
  timeOff: v.array(timeOffSchema, MESSAGES.invalidValue),
});

/** One appointment (or salotto part) 'da ricollocare', with the nearest alternatives. */
export const toPlaceSchema = v.object({
  handOver: handOverSchema,
  appointment: proAppointmentSchema,
  /** Who could take it at its own time now, in the assignment's order (the first is whom the store would pick). */
  freeProfessionals: v.array(professionalRef, MESSAGES.invalidValue),
  /** The nearest free times for the same services and address (a single booking; empty for a salotto part). */
  nearestTimes: v.array(nearestTimeSchema, MESSAGES.invalidValue),
});

const zoneRef = v.object({ id: idField, name: nameField, city: nameField });

/**
 * The team's board of a city (a served zone's id) on a day: each professional serving it with her
 * hours, appointments, requests and time off, and the 'da ricollocare' list of that day and zone.
 * Without `zoneId` it is the first served zone's (by city); `zones` lists every served zone (by
 * city), so the board's city picker needs no call of its own.
 */
export const teamBoardCall = {
  method: 'GET',
  route: '/pro/team/board',
  query: v.object({
    zoneId: v.optional(v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required))),
    date: isoDateField,
  }),
  response: v.object({
    zone: zoneRef,
    zones: v.array(zoneRef, MESSAGES.invalidValue),
    date: isoDateField,
    columns: v.array(boardColumnSchema, MESSAGES.invalidValue),
    toPlace: v.array(toPlaceSchema, MESSAGES.invalidValue),
  }),
} satisfies ApiCall;

/**
 * The team gives an appointment (a salotto: its part of `category`) to another professional, at
 * the same time: she must serve its services at that address and work then (400
 * `notServing`/`notWorking`), and be free (409 `notFree`: the database's no-overlap rule, travel
 * buffers and time off included). Confirmed stays confirmed; the customer is e-mailed 'Cambio di
 * professionista' and may cancel free of charge until the start.
 */
export const reassignAppointmentCall = {
  method: 'POST',
  route: '/pro/team/appointments/:bookingId/reassign',
  params: bookingParams,
  payload: v.object({
    professionalId: idField,
    category: v.optional(v.nullable(v.picklist(API_CATEGORIES, MESSAGES.invalidCategory)), null),
  }),
  response: v.object({ appointment: proAppointmentSchema }),
} satisfies ApiCall;

// ---------------------------------------------------------------------------------------------
// The calendar feed

/**
 * Her private subscription address (an .ics that calendar apps poll): confirmed appointments,
 * pending ones as TENTATIVE, her time off as busy. Whoever has it reads her agenda: she may
 * regenerate it, and the old one answers 404 at once.
 */
export const calendarFeedSchema = v.object({
  /** https://…/calendar/<token>.ics */
  url: v.string(MESSAGES.invalidValue),
  /** The same address for calendar apps (webcal://). */
  webcalUrl: v.string(MESSAGES.invalidValue),
  createdAt: isoDateTimeField,
});
const feedResponse = v.object({ feed: calendarFeedSchema });

/** Her feed's address (made on first ask). */
export const proCalendarFeedCall = {
  method: 'GET',
  route: '/pro/calendar-feed',
  response: feedResponse,
} satisfies ApiCall;

/** A new address for her feed; the old one stops working (404). */
export const regenerateProCalendarFeedCall = {
  method: 'POST',
  route: '/pro/calendar-feed/regenerate',
  response: feedResponse,
} satisfies ApiCall;

/** The team: a professional's feed address. */
export const teamCalendarFeedCall = {
  method: 'GET',
  route: '/pro/team/professionals/:professionalId/calendar-feed',
  params: professionalParams,
  response: feedResponse,
} satisfies ApiCall;

/** The team: a new address for a professional's feed. */
export const regenerateTeamCalendarFeedCall = {
  method: 'POST',
  route: '/pro/team/professionals/:professionalId/calendar-feed/regenerate',
  params: professionalParams,
  response: feedResponse,
} satisfies ApiCall;

/**
 * The feed itself (not JSON: `text/calendar`, RFC 5545), public to whoever holds the address:
 * `GET /calendar/<token>.ics`, with ETag (304 on If-None-Match), rate-limited; 404 for an unknown
 * or regenerated token.
 */
export const CALENDAR_FEED_ROUTE = '/calendar/:feedFile';
