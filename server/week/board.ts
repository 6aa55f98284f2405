/**
 * The team's board (issue 40): a city and a day, each professional's column (her hours, her
 * confirmed appointments, her requests, her time off) and the 'da ricollocare' list; the team's
 * reassignment of an appointment to another professional; and her own hand-over of an appointment
 * outside her hours (week.routes.ts and board.routes.ts say who may call what).
 *
 * - Reassigning gives the booking as the hand-over's move does (hand-over.ts giveTo: one function):
 *   the same time, confirmed stays confirmed, `sequence + 1`, 'Cambio di professionista' with the
 *   updated calendar file, and from then on she may cancel free of charge until the start. The
 *   checks are the store's: she serves those services at that address (400 `notServing`), works
 *   then (400 `notWorking`), and the database takes her (409 `notFree`: the no-overlap rule with
 *   travel buffers, her time off). Its open hand-overs are settled (`resolved`) and the move is
 *   recorded as a hand-over of cause 'team'.
 * - Her hand-over: an appointment of hers outside the hours in force on its day gets a pending
 *   hand-over (cause 'hours') and the same job as a time off's.
 */
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ApiCategory } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { ProAppointment } from '../../contract/pro';
import { PRO_WEEK_MESSAGES, type HandOver, type HoursRange } from '../../contract/pro-week';
import { loadProfessionalWeeks, loadServicesByIds, loadZones } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { sqlState } from '../db/errors';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { outbox } from '../db/schema/outbox';
import { professionals } from '../db/schema/professionals';
import { timeOff } from '../db/schema/time-off';
import { handOvers } from '../db/schema/week';
import { canPerform } from '../domain/professionals';
import { servingZoneIds } from '../domain/served-zones';
import { dayFrame, instantToZoned, isoWeekday } from '../domain/time';
import { hoursOn, withinHours } from '../domain/working-time';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/input';
import { nearestFreeSlots } from '../requests/request-mail';
import { agendaOf, requestReply, servesPart, type ProCaller } from '../requests/pro-appointments';
import { candidatesFor, ColleagueTaken, givePartTo, giveTo, handOverJob, type BookingRow } from './hand-over';
import { asProfessional, handOverViews, professionalOr404, timeOffViews } from './week';

type ProfessionalRow = typeof professionals.$inferSelect;

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
const appointmentNotFound = () => new ApiError(404, PRO_WEEK_MESSAGES.appointmentNotFound);

/** Her ranges on `date` from the week in force that day (time off aside: the column shows it apart). */
function hoursThatDay(pro: ProfessionalRow, hoursFrom: Parameters<typeof hoursOn>[0]['hoursFrom'], date: string) {
  const weekday = isoWeekday(date);
  return hoursOn({ hours: pro.weeklyHours, hoursFrom }, date)
    .filter((h) => h.weekday === weekday)
    .map((h): HoursRange => ({ start: h.start, end: h.end }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** GET /pro/team/board: the columns of the professionals serving `zoneId` on `date`, and what is to place there. */
export async function teamBoard(db: Db, caller: ProCaller, query: { zoneId?: string; date: string }, now: Date) {
  const zones = (await loadZones(db)).sort((a, b) => a.city.localeCompare(b.city, 'it') || a.id.localeCompare(b.id));
  const zone = query.zoneId === undefined ? zones[0] : zones.find((z) => z.id === query.zoneId);
  if (!zone) throw new ApiError(404, PRO_WEEK_MESSAGES.unknownZone);
  const { date } = query;
  const frame = dayFrame(date);
  const dayStart = new Date(frame.startMs);
  const dayEnd = new Date(frame.endMs);

  const serving = (
    await db
      .select()
      .from(professionals)
      .where(eq(professionals.active, true))
      .orderBy(asc(professionals.firstName), asc(professionals.lastName))
  ).filter((p) => p.zoneIds.includes(zone.id));
  const weeks = await loadProfessionalWeeks(
    db,
    serving.map((p) => p.id),
  );
  const off = serving.length
    ? await db
        .select()
        .from(timeOff)
        .where(
          and(
            inArray(
              timeOff.professionalId,
              serving.map((p) => p.id),
            ),
            sql`${timeOff.cancelledAt} IS NULL`,
            lt(timeOff.startsAt, dayEnd),
            gt(timeOff.endsAt, dayStart),
          ),
        )
        .orderBy(asc(timeOff.startsAt))
    : [];
  const offViews = await timeOffViews(db, caller, off);
  const agendas = new Map<string, ProAppointment[]>();
  const agendaOfPro = async (pro: ProfessionalRow) => {
    const known = agendas.get(pro.id);
    if (known) return known;
    const found = await agendaOf(db, asProfessional(caller, pro), { from: date, days: 1 }, now);
    agendas.set(pro.id, found);
    return found;
  };

  const columns = [];
  for (const pro of serving) {
    const agenda = await agendaOfPro(pro);
    columns.push({
      professional: { id: pro.id, name: nameOf(pro), hoursConfirmed: pro.hoursConfirmed },
      hours: hoursThatDay(pro, weeks.hoursFrom.get(pro.id), date),
      appointments: agenda.filter((a) => a.status === 'confirmed'),
      requests: agenda.filter((a) => a.status === 'pending'),
      timeOff: offViews.filter((t) => t.professional.id === pro.id),
    });
  }

  // 'Da ricollocare': the unplaced hand-overs of that day at an address the zone serves.
  const unplaced = await db
    .select({ handOver: handOvers, row: bookings })
    .from(handOvers)
    .innerJoin(bookings, eq(bookings.id, handOvers.bookingId))
    .where(and(eq(handOvers.state, 'unplaced'), gte(handOvers.startsAt, dayStart), lt(handOvers.startsAt, dayEnd)))
    .orderBy(asc(handOvers.startsAt));
  const here = unplaced.filter((u) => servingZoneIds(u.row.location.coordinates, zones).includes(zone.id));
  const views = await handOverViews(
    db,
    here.map((u) => u.handOver),
  );
  const toPlace = [];
  for (const [i, { handOver, row }] of here.entries()) {
    const [from] = await db.select().from(professionals).where(eq(professionals.id, handOver.fromProfessionalId));
    const appointment =
      (from ? (await agendaOfPro(from)).find((a) => a.id === row.id) : undefined) ??
      (await requestReply(db, caller, row));
    const single = row.kind === 'single';
    const free = single ? await candidatesFor(db, row, handOver.fromProfessionalId, now) : [];
    const names = free.length
      ? new Map(
          (
            await db
              .select({ id: professionals.id, firstName: professionals.firstName, lastName: professionals.lastName })
              .from(professionals)
              .where(
                inArray(
                  professionals.id,
                  free.map((f) => f.id),
                ),
              )
          ).map((p) => [p.id, nameOf(p)]),
        )
      : new Map<string, string>();
    toPlace.push({
      handOver: views[i]!,
      appointment,
      freeProfessionals: free.map((f) => ({ id: f.id, name: names.get(f.id) ?? '' })),
      nearestTimes: single
        ? (await nearestFreeSlots(db, row, now)).map(({ date: day, startTime, endTime }) => ({
            date: day,
            startTime,
            endTime,
          }))
        : [],
    });
  }
  const refOf = (z: (typeof zones)[number]) => ({ id: z.id, name: z.name, city: z.city });
  return { zone: refOf(zone), zones: zones.map(refOf), date, columns, toPlace };
}

/** Whether she may take this booking's services at its address: active, one of its zones hers, every service hers (the store's rule). */
async function serves(db: Db, pro: ProfessionalRow, row: BookingRow): Promise<boolean> {
  if (!pro.active) return false;
  const served = servingZoneIds(row.location.coordinates, await loadZones(db));
  if (!pro.zoneIds.some((zone) => served.includes(zone))) return false;
  const services = await loadServicesByIds(
    db,
    row.services.map((s) => s.serviceId),
  );
  return (
    services !== null &&
    canPerform(
      { skills: { categories: pro.skillCategories as ApiCategory[], exceptServiceIds: pro.exceptServiceIds } },
      services,
    )
  );
}

/** Whether the hours in force on its day hold [startsAt, endsAt) for her (her time off aside: the database judges it). */
async function works(db: Db, pro: ProfessionalRow, startsAt: Date, endsAt: Date, timeZone?: string): Promise<boolean> {
  const weeks = await loadProfessionalWeeks(db, [pro.id]);
  return withinHours(
    { hours: pro.weeklyHours, hoursFrom: weeks.hoursFrom.get(pro.id) ?? [] },
    instantToZoned(startsAt, timeZone).date,
    startsAt.getTime(),
    endsAt.getTime(),
  );
}

/**
 * POST /pro/team/appointments/:bookingId/reassign: the team gives a single booking, or a salotto
 * member's part of `category` (400 without one), to `professionalId` at the same time (one
 * transaction).
 */
export async function reassignAppointment(
  db: Db,
  caller: ProCaller,
  bookingId: string,
  input: { professionalId: string; category: ApiCategory | null },
  now: Date,
): Promise<ProAppointment> {
  const [found] = isUuid(bookingId) ? await db.select().from(bookings).where(eq(bookings.id, bookingId)) : [];
  if (!found) throw appointmentNotFound();
  if (found.status === 'cancelled' || found.startsAt.getTime() <= now.getTime())
    throw new ApiError(409, PRO_WEEK_MESSAGES.appointmentNotHandedOver);
  if (found.kind === 'salotto' && !input.category) throw new ApiError(400, PRO_WEEK_MESSAGES.categoryRequired);
  const category = found.kind === 'salotto' ? input.category : null;
  const [part] = category
    ? await db
        .select()
        .from(bookingAssignments)
        .where(
          and(
            eq(bookingAssignments.bookingId, found.id),
            eq(bookingAssignments.category, category),
            eq(bookingAssignments.active, true),
          ),
        )
    : [];
  if (category && !part) throw new ApiError(400, MESSAGES.invalidCategory);
  const pro = await professionalOr404(db, input.professionalId);
  const current = part ? part.professionalId : found.professionalId;
  if (current === pro.id) throw new ApiError(409, PRO_WEEK_MESSAGES.sameProfessional);
  const zones = await loadZones(db);
  const qualified = part
    ? servesPart(pro, category!, new Set(servingZoneIds(found.location.coordinates, zones)))
    : await serves(db, pro, found);
  if (!qualified) throw new ApiError(400, PRO_WEEK_MESSAGES.notServing);
  const span = part ?? found;
  if (!(await works(db, pro, span.startsAt, span.endsAt, found.timeZone)))
    throw new ApiError(400, PRO_WEEK_MESSAGES.notWorking);
  const to = { id: pro.id, confirmedHours: pro.hoursConfirmed, buffer: pro.travelBufferMM };
  let given: BookingRow;
  try {
    given = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update');
      if (!row || row.status === 'cancelled' || row.startsAt.getTime() !== found.startsAt.getTime())
        throw new ApiError(409, PRO_WEEK_MESSAGES.appointmentNotHandedOver);
      const [held] = part
        ? await tx.select().from(bookingAssignments).where(eq(bookingAssignments.id, part.id)).for('update')
        : [];
      const from = held ? held.professionalId : row.professionalId;
      if (part && (!held || !held.active)) throw new ApiError(409, PRO_WEEK_MESSAGES.appointmentNotHandedOver);
      if (from === pro.id) throw new ApiError(409, PRO_WEEK_MESSAGES.sameProfessional);
      const updated = held ? await givePartTo(tx, row, held, to, now) : await giveTo(tx, row, to, now);
      // Whatever waited for a colleague or for the team is settled; the move is on the record.
      await tx
        .update(handOvers)
        .set({ state: 'resolved', updatedAt: now })
        .where(
          and(
            eq(handOvers.bookingId, row.id),
            category ? eq(handOvers.category, category) : sql`${handOvers.category} IS NULL`,
            inArray(handOvers.state, ['pending', 'unplaced']),
          ),
        );
      if (from)
        await tx.insert(handOvers).values({
          bookingId: row.id,
          category,
          fromProfessionalId: from,
          toProfessionalId: pro.id,
          cause: 'team',
          state: 'moved',
          startsAt: span.startsAt,
          endsAt: span.endsAt,
          createdAt: now,
          updatedAt: now,
        });
      return updated;
    });
  } catch (error) {
    if (error instanceof ColleagueTaken) throw new ApiError(409, PRO_WEEK_MESSAGES.notFree);
    throw error;
  }
  return requestReply(db, caller, given);
}

/**
 * POST /pro/appointments/:bookingId/hand-over: one of her appointments (her part of a salotto)
 * outside the hours in force on its day gets a pending hand-over (cause 'hours') and its job, as a
 * time off's do. 404 when it is not hers, 409 when it is cancelled or started, or within her hours.
 * Asked again while it waits: the same hand-over.
 */
export async function handOverAppointment(
  db: Db,
  pro: ProfessionalRow,
  bookingId: string,
  now: Date,
): Promise<HandOver[]> {
  const [row] = isUuid(bookingId) ? await db.select().from(bookings).where(eq(bookings.id, bookingId)) : [];
  const a = bookingAssignments;
  const parts = row
    ? await db
        .select()
        .from(a)
        .where(and(eq(a.bookingId, row.id), eq(a.professionalId, pro.id), eq(a.active, true)))
    : [];
  if (!row || parts.length === 0) throw appointmentNotFound();
  if (row.status === 'cancelled' || parts.some((p) => p.startsAt.getTime() <= now.getTime()))
    throw new ApiError(409, PRO_WEEK_MESSAGES.appointmentNotHandedOver);
  const outside: Array<typeof bookingAssignments.$inferSelect> = [];
  for (const part of parts) if (!(await works(db, pro, part.startsAt, part.endsAt, row.timeZone))) outside.push(part);
  if (outside.length === 0) throw new ApiError(409, PRO_WEEK_MESSAGES.appointmentInHours);
  const open = () =>
    db
      .select()
      .from(handOvers)
      .where(
        and(
          eq(handOvers.bookingId, row.id),
          eq(handOvers.fromProfessionalId, pro.id),
          inArray(handOvers.state, ['pending', 'unplaced']),
        ),
      )
      .orderBy(asc(handOvers.startsAt));
  try {
    await db.transaction(async (tx) => {
      await tx.insert(handOvers).values(
        outside.map((part) => ({
          bookingId: row.id,
          category: part.category as ApiCategory | null,
          fromProfessionalId: pro.id,
          cause: 'hours' as const,
          state: 'pending' as const,
          startsAt: part.startsAt,
          endsAt: part.endsAt,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await tx.insert(outbox).values(handOverJob(row.id, pro.id, now));
    });
  } catch (error) {
    // Already handed over (one open hand-over per part: hand_overs_open_part_idx): the same one.
    if (sqlState(error) !== '23505') throw error;
  }
  return handOverViews(db, await open());
}
