/**
 * What the professionals' screens send (issue 27), apart from their machines: the root forwards
 * these lists to them, and must not carry the machines themselves in the customer's first load
 * (they load with their pages, src/app/pro-side.ts).
 */
import type { ApiCategory } from '../../contract/constants';
import { eventTypes } from '../shared/forward';

/** A salotto's member named in the quote instead of the proposed one, for her category. */
export type TeamChange = { category: ApiCategory; professionalId: string };

/** What the agenda's screen sends. */
export type ProAgendaEvent = { type: 'pro.retry' } | { type: 'pro.moreDays' };

export const PRO_AGENDA_EVENTS = eventTypes<ProAgendaEvent>()('pro.retry', 'pro.moreDays');

/** What the requests' screen sends. */
export type ProRequestsEvent = { type: 'pro.retry' };

export const PRO_REQUESTS_EVENTS = eventTypes<ProRequestsEvent>()('pro.retry');

/** What the request's screen sends. */
export type ProRequestEvent =
  | { type: 'pro.retry' }
  | { type: 'pro.accept' }
  | { type: 'pro.decline.open' }
  | { type: 'pro.decline.close' }
  /** `reason` is '' while none is chosen. */
  | { type: 'pro.decline.submit'; reason: string; message: string }
  | { type: 'pro.offer.open' }
  | { type: 'pro.offer.day'; date: string }
  | { type: 'pro.offer.pick'; startTime: string }
  | { type: 'pro.offer.submit' }
  | { type: 'pro.offer.close' }
  | { type: 'pro.quote.open' }
  /**
   * `total` as typed, in euros ('120' or '120,50'); `team`, the members she named instead of the
   * proposed ones (none: the team as proposed).
   */
  | { type: 'pro.quote.submit'; total: string; includes: string; team?: readonly TeamChange[] }
  | { type: 'pro.quote.close' };

export const PRO_REQUEST_EVENTS = eventTypes<ProRequestEvent>()(
  'pro.retry',
  'pro.accept',
  'pro.decline.open',
  'pro.decline.close',
  'pro.decline.submit',
  'pro.offer.open',
  'pro.offer.day',
  'pro.offer.pick',
  'pro.offer.submit',
  'pro.offer.close',
  'pro.quote.open',
  'pro.quote.submit',
  'pro.quote.close',
);

/**
 * Issue 40: her time off as typed on /pro/time-off. `kind` 'days' reads `startDate`…`endDate`;
 * 'hours' reads `date`, `startTime`–`endTime`. Every field as the form holds it ('' when empty).
 */
export interface TimeOffForm {
  kind: 'days' | 'hours';
  startDate: string;
  endDate: string;
  date: string;
  startTime: string;
  endTime: string;
  reason: string;
}

/** What the time-off screen sends. */
export type ProTimeOffEvent =
  | { type: 'pro.retry' }
  | { type: 'pro.timeOff.submit'; form: TimeOffForm }
  | { type: 'pro.timeOff.cancel'; timeOffId: string };

export const PRO_TIME_OFF_EVENTS = eventTypes<ProTimeOffEvent>()(
  'pro.retry',
  'pro.timeOff.submit',
  'pro.timeOff.cancel',
);

/**
 * Issue 40: what the team's board sends (/pro/team). `pro.board.show` reads another city or day;
 * `pro.board.reassign` gives an appointment 'da ricollocare' (a salotto: its part of `category`) to
 * one of the professionals the board offers; `pro.board.timeOff` enters time off for a professional
 * who phoned in sick (the form as on /pro/time-off).
 */
export type ProTeamBoardEvent =
  | { type: 'pro.retry' }
  | { type: 'pro.board.show'; zoneId: string; date: string }
  | { type: 'pro.board.reassign'; bookingId: string; category: ApiCategory | null; professionalId: string }
  | { type: 'pro.board.timeOff'; professionalId: string; form: TimeOffForm };

export const PRO_TEAM_BOARD_EVENTS = eventTypes<ProTeamBoardEvent>()(
  'pro.retry',
  'pro.board.show',
  'pro.board.reassign',
  'pro.board.timeOff',
);

/**
 * Issue 40: her week as typed on /pro/hours. `days[0]` is Monday … `days[6]` Sunday (ISO weekday
 * minus one), each her ranges as the form holds them ('' when empty); none: a day off. `validFrom`,
 * the day it applies from (YYYY-MM-DD, '' when empty).
 */
export interface HoursForm {
  validFrom: string;
  days: readonly (readonly { start: string; end: string }[])[];
}

/** What the hours' screen sends. */
export type ProHoursEvent =
  | { type: 'pro.retry' }
  | { type: 'pro.hours.submit'; form: HoursForm }
  | { type: 'pro.hours.handOver'; bookingId: string };

export const PRO_HOURS_EVENTS = eventTypes<ProHoursEvent>()('pro.retry', 'pro.hours.submit', 'pro.hours.handOver');
