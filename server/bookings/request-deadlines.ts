/**
 * A request's deadlines and the outbox rows a request in its stage needs (issue 27;
 * server/requests/requests.ts runs them). Apart so that the booking store and the move, which open
 * requests, need nothing else of the requests' code.
 */
import {
  OFFER_ANSWER_HOURS,
  REQUEST_ANSWER_MINUTES,
  REQUEST_LAST_ANSWER_HOURS,
  TEAM_ANSWER_HOURS,
  type RequestStage,
} from '../../contract/constants';
import type { bookings } from '../db/schema/bookings';
import type { outbox } from '../db/schema/outbox';
import { HOUR_MS, MINUTE_MS } from '../domain/time';

type BookingRow = typeof bookings.$inferSelect;
export type OutboxRow = typeof outbox.$inferInsert;

/**
 * The professional's deadline: REQUEST_ANSWER_MINUTES from now, never later than
 * REQUEST_LAST_ANSWER_HOURS before the start (and never before now: a request booked closer than
 * that passes on at the outbox's next round).
 */
export function professionalDeadline(now: Date, startsAt: Date): Date {
  const latest = startsAt.getTime() - REQUEST_LAST_ANSWER_HOURS * HOUR_MS;
  return new Date(Math.max(now.getTime(), Math.min(now.getTime() + REQUEST_ANSWER_MINUTES * MINUTE_MS, latest)));
}

/** The team's deadline: TEAM_ANSWER_HOURS before the start. */
export const teamDeadline = (now: Date, startsAt: Date): Date =>
  new Date(Math.max(now.getTime(), startsAt.getTime() - TEAM_ANSWER_HOURS * HOUR_MS));

/** The customer's deadline for another time offered: OFFER_ANSWER_HOURS, never past the team's deadline of that time. */
export const offerDeadline = (now: Date, startsAt: Date): Date =>
  new Date(
    Math.max(
      now.getTime(),
      Math.min(now.getTime() + OFFER_ANSWER_HOURS * HOUR_MS, startsAt.getTime() - TEAM_ANSWER_HOURS * HOUR_MS),
    ),
  );

/** What a new request's row carries: whom it waits for, until when, who was asked. */
export function newRequestFields(
  kind: BookingRow['kind'],
  professionalId: string | null,
  startsAt: Date,
  now: Date,
): { requestStage: RequestStage; answerBy: Date; askedProfessionalIds: string[] } {
  if (kind === 'salotto' || professionalId === null)
    return { requestStage: 'team', answerBy: teamDeadline(now, startsAt), askedProfessionalIds: [] };
  return {
    requestStage: 'professional',
    answerBy: professionalDeadline(now, startsAt),
    askedProfessionalIds: [professionalId],
  };
}

/** The outbox rows a request in its stage needs: its deadline's job and, when a professional is asked, her e-mail. */
export function requestJobs(
  row: Pick<BookingRow, 'id' | 'answerBy' | 'requestStage' | 'professionalId'>,
  now: Date,
): OutboxRow[] {
  if (!row.answerBy || !row.requestStage) return [];
  const jobs: OutboxRow[] = [
    {
      kind: 'request-deadline',
      bookingId: row.id,
      forStartsAt: row.answerBy,
      nextAttemptAt: row.answerBy,
      createdAt: now,
    },
  ];
  if (row.requestStage === 'professional' && row.professionalId)
    jobs.push({
      kind: 'pro-request',
      bookingId: row.id,
      professionalId: row.professionalId,
      nextAttemptAt: now,
      createdAt: now,
    });
  return jobs;
}
