/**
 * The professionals' week (issue 40): her hours from a day on and her time off, read and changed by
 * herself or by the team (week.routes.ts says who may call what).
 *
 * - Hours: a week saved from a day (today or later) applies from that day until the next saved one
 *   (domain/working-time.ts, the one rule availability and the store apply). Saving never moves an
 *   appointment: those it leaves outside her hours are kept and listed (`outside`).
 * - Time off: whole days or hours of one day, never in the past, never over another of hers (409).
 *   The database refuses any booking or hold of hers inside it, however concurrent (migration
 *   0022); her appointments it covers, those stored before it, are kept and get a pending
 *   hand-over each (cause 'time-off'), written in the same transaction, so the covered list is
 *   exactly the appointments of hers inside it. Its reason is the team's to read.
 */
import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ApiCategory } from '../../contract/constants';
import type { ProAppointment } from '../../contract/pro';
import {
  PRO_WEEK_MESSAGES,
  type HandOver,
  type ProHours,
  type TimeOff,
  type TimeOffPayload,
  type Week,
} from '../../contract/pro-week';
import type { Db } from '../db/client';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import { timeOff } from '../db/schema/time-off';
import { handOvers, professionalHours } from '../db/schema/week';
import { outbox } from '../db/schema/outbox';
import { handOverJob } from './hand-over';
import { sqlConstraint, sqlState } from '../db/errors';
import type { WorkingHours } from '../domain/professionals';
import { dayFrame, instantToZoned, localToday, zonedDateTimeToInstant } from '../domain/time';
import { withinHours } from '../domain/working-time';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/input';
import { agendaOf, type ProCaller } from '../requests/pro-appointments';

type ProfessionalRow = typeof professionals.$inferSelect;
type TimeOffRow = typeof timeOff.$inferSelect;

/** How far ahead the hours screen looks for appointments outside her hours (the booking horizon). */
export const OUTSIDE_HORIZON_DAYS = 366;

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The professional `id` (404 'Professionista non trovata.' when there is none). */
export async function professionalOr404(db: Db, id: string): Promise<ProfessionalRow> {
  const [row] = isUuid(id) ? await db.select().from(professionals).where(eq(professionals.id, id)).limit(1) : [];
  if (!row) throw new ApiError(404, PRO_WEEK_MESSAGES.unknownProfessional);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Hours

/** The contract's week (by weekday, several ranges each) as the stored list of ranges. */
export function toWorkingHours(week: Week): WorkingHours[] {
  return week.flatMap((day) => day.ranges.map((r) => ({ weekday: day.weekday, start: r.start, end: r.end })));
}

/** The stored ranges as the contract's week: the weekdays she works, in order, each one's ranges by start. */
export function toWeek(hours: readonly WorkingHours[]): Week {
  const byDay = new Map<WorkingHours['weekday'], Array<{ start: string; end: string }>>();
  for (const h of hours) byDay.set(h.weekday, [...(byDay.get(h.weekday) ?? []), { start: h.start, end: h.end }]);
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([weekday, ranges]) => ({ weekday, ranges: ranges.sort((a, b) => a.start.localeCompare(b.start)) }));
}

/** The caller as the agenda reads a professional's appointments (the team reads hers as she would). */
export const asProfessional = (caller: ProCaller, pro: ProfessionalRow): ProCaller => ({
  ...caller,
  professionalId: pro.id,
  professionalName: { firstName: pro.firstName, lastName: pro.lastName },
});

/**
 * Her appointments from today on (active assignments of bookings not cancelled) lying outside the
 * hours in force on their day (working-time.ts withinHours), as her agenda shows them.
 */
async function appointmentsOutside(
  db: Db,
  caller: ProCaller,
  pro: ProfessionalRow,
  dated: ReadonlyArray<{ validFrom: string; hours: readonly WorkingHours[] }>,
  now: Date,
): Promise<ProAppointment[]> {
  const today = localToday(now);
  const a = bookingAssignments;
  const parts = await db
    .select({ bookingId: a.bookingId, startsAt: a.startsAt, endsAt: a.endsAt })
    .from(a)
    .innerJoin(bookings, eq(bookings.id, a.bookingId))
    .where(
      and(
        eq(a.professionalId, pro.id),
        eq(a.active, true),
        gt(a.endsAt, new Date(dayFrame(today).startMs)),
        ne(bookings.status, 'cancelled'),
      ),
    );
  const schedule = { hours: pro.weeklyHours, hoursFrom: dated };
  const outside = new Set(
    parts
      .filter((p) => !withinHours(schedule, instantToZoned(p.startsAt).date, p.startsAt.getTime(), p.endsAt.getTime()))
      .map((p) => p.bookingId),
  );
  if (outside.size === 0) return [];
  const agenda = await agendaOf(db, asProfessional(caller, pro), { from: today, days: OUTSIDE_HORIZON_DAYS }, now);
  return agenda.filter((appointment) => outside.has(appointment.id));
}

/** GET …/hours: the week in force today, the ones saved from later days, and her appointments outside them. */
export async function hoursOf(db: Db, caller: ProCaller, pro: ProfessionalRow, now: Date): Promise<ProHours> {
  const rows = await db
    .select({ validFrom: professionalHours.validFrom, hours: professionalHours.weeklyHours })
    .from(professionalHours)
    .where(eq(professionalHours.professionalId, pro.id))
    .orderBy(asc(professionalHours.validFrom));
  const today = localToday(now);
  const inForce = rows.filter((r) => r.validFrom <= today).at(-1);
  return {
    professional: { id: pro.id, name: nameOf(pro) },
    current: inForce
      ? { validFrom: inForce.validFrom, week: toWeek(inForce.hours) }
      : { validFrom: null, week: toWeek(pro.weeklyHours) },
    upcoming: rows.filter((r) => r.validFrom > today).map((r) => ({ validFrom: r.validFrom, week: toWeek(r.hours) })),
    outside: await appointmentsOutside(db, caller, pro, rows, now),
  };
}

/**
 * POST …/hours: her week from `validFrom` (today or later: 400 otherwise) until her next saved one;
 * a week saved again from the same day replaces it. Nobody's appointment moves.
 */
export async function saveHours(
  db: Db,
  caller: ProCaller,
  pro: ProfessionalRow,
  input: { validFrom: string; week: Week },
  now: Date,
): Promise<ProHours> {
  if (input.validFrom < localToday(now)) throw new ApiError(400, PRO_WEEK_MESSAGES.dateInPast);
  const weeklyHours = toWorkingHours(input.week);
  await db
    .insert(professionalHours)
    .values({
      professionalId: pro.id,
      validFrom: input.validFrom,
      weeklyHours,
      createdBy: caller.userId,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [professionalHours.professionalId, professionalHours.validFrom],
      set: { weeklyHours, createdBy: caller.userId, createdAt: now },
    });
  return hoursOf(db, caller, pro, now);
}

// ---------------------------------------------------------------------------------------------
// Time off

/** The instants a time off covers: whole local days (the first's midnight to the day after the last's), or hours of one day. */
export function timeOffInterval(payload: TimeOffPayload): {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
} {
  if (payload.kind === 'days')
    return {
      startDate: payload.startDate,
      endDate: payload.endDate,
      startTime: '00:00',
      endTime: '24:00',
      startsAt: new Date(dayFrame(payload.startDate).startMs),
      endsAt: new Date(dayFrame(payload.endDate).endMs),
    };
  return {
    startDate: payload.date,
    endDate: payload.date,
    startTime: payload.startTime,
    endTime: payload.endTime,
    startsAt: zonedDateTimeToInstant(payload.date, payload.startTime),
    endsAt: zonedDateTimeToInstant(payload.date, payload.endTime),
  };
}

/** Whether a time off starts in the past: days before today, or hours starting before now. */
export function startsInPast(payload: TimeOffPayload, now: Date): boolean {
  if (payload.kind === 'days') return payload.startDate < localToday(now);
  return timeOffInterval(payload).startsAt.getTime() < now.getTime();
}

const overlapsError = () => new ApiError(409, PRO_WEEK_MESSAGES.timeOffOverlaps);

/**
 * POST …/time-off (201): her time off, and a pending hand-over for each appointment of hers it
 * covers, in one transaction. Writing the row takes her time-off lock (migration 0022), so the
 * appointments read after it are every booking of hers committed inside it: none can be stored
 * there any more.
 */
export async function createTimeOff(
  db: Db,
  caller: ProCaller,
  pro: ProfessionalRow,
  payload: TimeOffPayload,
  now: Date,
): Promise<TimeOff> {
  if (startsInPast(payload, now)) throw new ApiError(400, PRO_WEEK_MESSAGES.timeOffInPast);
  const interval = timeOffInterval(payload);
  let stored: TimeOffRow;
  try {
    stored = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(timeOff)
        .values({
          professionalId: pro.id,
          kind: payload.kind,
          ...interval,
          reason: payload.reason || null,
          enteredBy: caller.professionalId === pro.id ? 'professional' : 'team',
          createdBy: caller.userId,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('time off not stored');
      const a = bookingAssignments;
      const covered = await tx
        .select({ bookingId: a.bookingId, category: a.category, startsAt: a.startsAt, endsAt: a.endsAt })
        .from(a)
        .innerJoin(bookings, eq(bookings.id, a.bookingId))
        .where(
          and(
            eq(a.professionalId, pro.id),
            eq(a.active, true),
            ne(bookings.status, 'cancelled'),
            lt(a.startsAt, row.endsAt),
            gt(a.endsAt, row.startsAt),
          ),
        );
      if (covered.length > 0)
        await tx.insert(handOvers).values(
          covered.map((part) => ({
            bookingId: part.bookingId!,
            category: part.category as ApiCategory | null,
            fromProfessionalId: pro.id,
            timeOffId: row.id,
            cause: 'time-off' as const,
            state: 'pending' as const,
            startsAt: part.startsAt,
            endsAt: part.endsAt,
            createdAt: now,
            updatedAt: now,
          })),
        );
      // Their moves: one job per appointment (hand-over.ts), run by whichever process claims it.
      const moved = [...new Set(covered.map((part) => part.bookingId!))];
      if (moved.length > 0) await tx.insert(outbox).values(moved.map((id) => handOverJob(id, pro.id, now)));
      return row;
    });
  } catch (error) {
    if (sqlState(error) === '23P01' && sqlConstraint(error) === 'time_off_no_overlap') throw overlapsError();
    throw error;
  }
  return (await timeOffViews(db, caller, [stored]))[0]!;
}

/** GET …/time-off: her time off not over yet and not cancelled, soonest first. */
export async function listTimeOff(db: Db, caller: ProCaller, pro: ProfessionalRow, now: Date): Promise<TimeOff[]> {
  const rows = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.professionalId, pro.id), gt(timeOff.endsAt, now), sql`${timeOff.cancelledAt} IS NULL`))
    .orderBy(asc(timeOff.startsAt));
  return timeOffViews(db, caller, rows);
}

/**
 * POST /pro/time-off/:id/cancel: she is offered again from then on (its hand-overs still pending
 * are settled: 'resolved'; appointments already handed over stay with their new professional).
 * Hers, or anyone's for the team; 404 otherwise, as one that does not exist; 409 once it is over.
 * Cancelling one already cancelled answers it as it is.
 */
export async function cancelTimeOff(db: Db, caller: ProCaller, timeOffId: string, now: Date): Promise<TimeOff> {
  const notFound = () => new ApiError(404, PRO_WEEK_MESSAGES.timeOffNotFound);
  const [found] = isUuid(timeOffId) ? await db.select().from(timeOff).where(eq(timeOff.id, timeOffId)) : [];
  if (!found || !(caller.team || found.professionalId === caller.professionalId)) throw notFound();
  if (found.cancelledAt) return (await timeOffViews(db, caller, [found]))[0]!;
  if (found.endsAt.getTime() <= now.getTime()) throw new ApiError(409, PRO_WEEK_MESSAGES.timeOffEnded);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(timeOff)
      .set({ cancelledAt: now })
      .where(and(eq(timeOff.id, found.id), sql`${timeOff.cancelledAt} IS NULL`))
      .returning();
    await tx
      .update(handOvers)
      .set({ state: 'resolved', updatedAt: now })
      .where(and(eq(handOvers.timeOffId, found.id), eq(handOvers.state, 'pending')));
    return updated ?? found;
  });
  return (await timeOffViews(db, caller, [row]))[0]!;
}

/** The names of these professionals, by id. */
async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: professionals.id, firstName: professionals.firstName, lastName: professionals.lastName })
    .from(professionals)
    .where(inArray(professionals.id, unique));
  return new Map(rows.map((p) => [p.id, nameOf(p)]));
}

/** Hand-over rows as the contract shows them (whose it was, who took it). */
export async function handOverViews(db: Db, rows: ReadonlyArray<typeof handOvers.$inferSelect>): Promise<HandOver[]> {
  const names = await namesOf(
    db,
    rows.flatMap((h) => (h.toProfessionalId ? [h.fromProfessionalId, h.toProfessionalId] : [h.fromProfessionalId])),
  );
  return rows.map((h) => {
    const start = instantToZoned(h.startsAt);
    return {
      id: h.id,
      bookingId: h.bookingId,
      category: h.category,
      cause: h.cause,
      state: h.state,
      date: start.date,
      startTime: start.time,
      endTime: instantToZoned(h.endsAt).time,
      startDateTime: h.startsAt.toISOString(),
      from: { id: h.fromProfessionalId, name: names.get(h.fromProfessionalId) ?? '' },
      to: h.toProfessionalId ? { id: h.toProfessionalId, name: names.get(h.toProfessionalId) ?? '' } : null,
    };
  });
}

/** Time off rows as the contract shows them, with their hand-overs; the reason only to the team. */
export async function timeOffViews(db: Db, caller: ProCaller, rows: readonly TimeOffRow[]): Promise<TimeOff[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(
    db,
    rows.map((r) => r.professionalId),
  );
  const found = await db
    .select()
    .from(handOvers)
    .where(
      inArray(
        handOvers.timeOffId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(handOvers.startsAt));
  const views = await handOverViews(db, found);
  return rows.map((r) => ({
    id: r.id,
    professional: { id: r.professionalId, name: names.get(r.professionalId) ?? '' },
    kind: r.kind,
    startDate: r.startDate,
    endDate: r.endDate,
    startTime: r.startTime,
    endTime: r.endTime,
    startDateTime: r.startsAt.toISOString(),
    endDateTime: r.endsAt.toISOString(),
    reason: caller.team ? r.reason : null,
    enteredBy: r.enteredBy,
    cancelled: r.cancelledAt !== null,
    handOvers: views.filter((_, i) => found[i]!.timeOffId === r.id),
  }));
}
