/**
 * The professionals' side, what they read (issue 27): who the caller is on this side, her agenda,
 * the requests waiting for her (or for the team), one request. What each may see, and what she may
 * do with a request (`actionsFor`), lives here only; requests.ts answers with the same rules.
 *
 * Who sees what:
 * - a professional (a user with `is_provider`, linked by `professionals.user_id`): her own
 *   appointments (her active assignments, confirmed or waiting) and the requests she is asked to
 *   answer; a request she was asked and that passed on stays addressable (409 says it passed on);
 * - the team (role 'team'): every request still unanswered (stage 'professional' or 'team') and
 *   every salotto, and any booking that was a request (so a late answer hears 409, not 404);
 * - anyone else: nothing (403 on the lists, 404 on a request, as for one that does not exist).
 */
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { TEAM_ROLE, type ApiCategory } from '../../contract/constants';
import type { ProAppointment, RequestAction } from '../../contract/pro';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { bookingAssignments, bookings } from '../db/schema/bookings';
import { professionals } from '../db/schema/professionals';
import { ApiError } from '../http/api-error';
import { API_MESSAGES } from '../http/messages';
import { isUuid } from '../http/input';
import { membersOf } from '../bookings/booking-teams';
import { loadZones } from '../catalogue/catalogue-store';
import { servingZoneIds } from '../domain/served-zones';
import type { UserRow } from '../accounts/sessions';
import { addDays, dayFrame, instantToZoned, localToday } from '../domain/time';

export type BookingRow = typeof bookings.$inferSelect;

/** Who asks on the professionals' side. */
export interface ProCaller {
  userId: string;
  /** Her professional record, when she is a professional. */
  professionalId: string | null;
  professionalName: { firstName: string; lastName: string } | null;
  team: boolean;
}

/**
 * The caller's place on this side. A customer (neither a professional nor on the team) is refused:
 * 403 on the lists; on one request (`item`) 404, as any appointment that is not hers.
 */
export async function proCallerOf(db: Db, user: UserRow, refuse: 'list' | 'item' = 'list'): Promise<ProCaller> {
  const [pro] = user.isProvider
    ? await db
        .select({ id: professionals.id, firstName: professionals.firstName, lastName: professionals.lastName })
        .from(professionals)
        .where(eq(professionals.userId, user.id))
        .limit(1)
    : [];
  const team = user.roles.includes(TEAM_ROLE);
  if (!pro && !team) throw refuse === 'item' ? requestNotFound() : new ApiError(403, API_MESSAGES.proOnly);
  return {
    userId: user.id,
    professionalId: pro?.id ?? null,
    professionalName: pro ? { firstName: pro.firstName, lastName: pro.lastName } : null,
    team,
  };
}

export const requestNotFound = () => new ApiError(404, API_MESSAGES.requestNotFound);

/** Whether the caller may address this booking as a request at all (otherwise: 404). */
export function mayAddress(caller: ProCaller, row: BookingRow): boolean {
  const everRequest =
    row.kind === 'salotto' ||
    row.requestStage !== null ||
    row.answeredAt !== null ||
    row.askedProfessionalIds.length > 0;
  if (caller.team && everRequest) return true;
  const pro = caller.professionalId;
  return (
    pro !== null && row.kind === 'single' && (row.professionalId === pro || row.askedProfessionalIds.includes(pro))
  );
}

/** Why the caller cannot answer this request now (a 409's message), or null when she can. */
export function refusalOf(caller: ProCaller, row: BookingRow): string | null {
  if (row.status === 'cancelled') return API_MESSAGES.requestCancelled;
  if (row.status === 'confirmed') return API_MESSAGES.requestAlreadyConfirmed;
  switch (row.requestStage) {
    case 'offered':
      return API_MESSAGES.requestOffered;
    case 'professional':
      if (caller.team || row.professionalId === caller.professionalId) return null;
      return API_MESSAGES.requestPassedOn;
    case 'team':
      return caller.team ? null : API_MESSAGES.requestPassedOn;
    default:
      return API_MESSAGES.requestAlreadyConfirmed;
  }
}

/** What the caller may do with it now: a professional her own; the team any unanswered one, and quotes a salotto. */
export function actionsFor(caller: ProCaller, row: BookingRow): RequestAction[] {
  if (!mayAddress(caller, row) || refusalOf(caller, row) !== null) return [];
  if (row.kind === 'salotto') return caller.team ? ['quote', 'decline'] : [];
  const own = caller.professionalId !== null && row.professionalId === caller.professionalId;
  return own ? ['accept', 'decline', 'offer'] : ['accept', 'decline'];
}

/**
 * The booking's row as the caller may address it (404 otherwise); `lock` holds it for the
 * transaction (an answer), without it a read.
 */
export async function requestRowFor(db: Db, caller: ProCaller, bookingId: string, lock: boolean): Promise<BookingRow> {
  if (!isUuid(bookingId)) throw requestNotFound();
  const query = db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !mayAddress(caller, row)) throw requestNotFound();
  return row;
}

/** Refuses an action the caller may not take now: 409 with the reason (answered, passed on…), else 403. */
export function requireAction(caller: ProCaller, row: BookingRow, action: RequestAction): void {
  if (actionsFor(caller, row).includes(action)) return;
  const refusal = refusalOf(caller, row);
  throw refusal ? new ApiError(409, refusal) : new ApiError(403, API_MESSAGES.forbidden);
}

type Member = { professionalId: string; name: string; category: ApiCategory | null };

/** Who serves each booking, as this side names them. */
async function servingOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, Member[]>> {
  const named = new Map<string, Member[]>();
  for (const [bookingId, members] of await membersOf(db, bookingIds))
    named.set(
      bookingId,
      members.map((m) => ({
        professionalId: m.professionalId,
        name: `${m.firstName} ${m.lastName}`,
        category: m.category,
      })),
    );
  return named;
}

/** Opens the address in a maps app (Google Maps' universal link: the app on a phone, the site elsewhere). */
export const mapsUrlOf = (location: BookingRow['location']) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${location.coordinates.lat},${location.coordinates.lng}`,
  )}`;

type Customer = { firstName: string | null; phoneNumber: string | null };

/** One appointment as the professionals' side shows it; `own` is her assignment's part (a salotto member's times). */
function proAppointmentOf(
  caller: ProCaller,
  row: BookingRow,
  customer: Customer,
  team: readonly Member[],
  own: { startsAt: Date; endsAt: Date; travelBufferMM: number } | null,
  teamChoices: ProAppointment['teamChoices'] = [],
): ProAppointment {
  const startsAt = own?.startsAt ?? row.startsAt;
  const endsAt = own?.endsAt ?? row.endsAt;
  const start = instantToZoned(startsAt, row.timeZone);
  const requested =
    row.requestStage === 'offered' && row.requestedStartsAt && row.requestedEndsAt
      ? {
          date: instantToZoned(row.requestedStartsAt, row.timeZone).date,
          startTime: instantToZoned(row.requestedStartsAt, row.timeZone).time,
          endTime: instantToZoned(row.requestedEndsAt, row.timeZone).time,
        }
      : null;
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    stage: row.status === 'pending' ? row.requestStage : null,
    answerBy: row.status === 'pending' && row.answerBy ? row.answerBy.toISOString() : null,
    startDateTime: startsAt.toISOString(),
    date: start.date,
    startTime: start.time,
    endTime: instantToZoned(endsAt, row.timeZone).time,
    timeZone: row.timeZone,
    travelBufferMM: own?.travelBufferMM ?? 0,
    location: row.location,
    mapsUrl: mapsUrlOf(row.location),
    services: row.services.map((s) => ({ name: s.name, durationMM: s.durationMM })),
    participants: row.participants,
    customer: {
      firstName: row.contact?.firstName ?? customer.firstName ?? '',
      phoneNumber: row.contact?.phoneNumber ?? customer.phoneNumber ?? '',
    },
    doorbellName: row.doorbellName,
    allergies: row.allergies,
    notes: row.notes,
    total: row.quotedTotal ?? row.total,
    team: [...team],
    teamChoices,
    requested,
    actions: actionsFor(caller, row),
  };
}

/** Rows of bookings with their customers, as the lists read them. */
async function withCustomers(db: Db, where: ReturnType<typeof and>) {
  return db
    .select({ row: bookings, firstName: users.firstName, phoneNumber: users.phoneNumber })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(asc(bookings.answerBy), asc(bookings.startsAt));
}

/**
 * GET /pro/requests: a professional's own requests (stage 'professional', hers), and for the team
 * every unanswered request (stages 'professional' and 'team'), soonest deadline first.
 */
export async function listRequests(db: Db, caller: ProCaller): Promise<ProAppointment[]> {
  const pending = eq(bookings.status, 'pending');
  const own = caller.professionalId
    ? and(eq(bookings.requestStage, 'professional'), eq(bookings.professionalId, caller.professionalId))
    : undefined;
  const team = caller.team ? inArray(bookings.requestStage, ['professional', 'team']) : undefined;
  const found = await withCustomers(db, and(pending, or(own, team)));
  const members = await servingOf(
    db,
    found.map((f) => f.row.id),
  );
  return found.map((f) => proAppointmentOf(caller, f.row, f, members.get(f.row.id) ?? [], null));
}

/** GET /pro/requests/:bookingId: one request the caller may address; 404 otherwise. */
export async function getRequest(db: Db, caller: ProCaller, bookingId: string): Promise<ProAppointment> {
  if (!isUuid(bookingId)) throw requestNotFound();
  const [found] = await withCustomers(db, and(eq(bookings.id, bookingId)));
  if (!found || !mayAddress(caller, found.row)) throw requestNotFound();
  return requestReply(db, caller, found.row);
}

/** A request as an answer's reply shows it (the customer read again: one more query, after the commit). */
export async function requestReply(db: Db, caller: ProCaller, row: BookingRow): Promise<ProAppointment> {
  const [customer] = await db
    .select({ firstName: users.firstName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, row.userId));
  const members = await servingOf(db, [row.id]);
  const team = members.get(row.id) ?? [];
  const choices = actionsFor(caller, row).includes('quote') ? await teamChoicesOf(db, row, team) : [];
  return proAppointmentOf(caller, row, customer ?? { firstName: null, phoneNumber: null }, team, null, choices);
}

/**
 * Whether a professional may take a salotto's part of `category` at an address whose serving zones
 * are `served`: active, with that skill, in one of those zones. The quote's check and the team's
 * choices (teamChoicesOf) both ask this.
 */
export const servesPart = (
  pro: { active: boolean; skillCategories: readonly string[]; zoneIds: readonly string[] },
  category: ApiCategory,
  served: ReadonlySet<string>,
): boolean => pro.active && pro.skillCategories.includes(category) && pro.zoneIds.some((zone) => served.has(zone));

/**
 * Issue 27: whom the team may name in a salotto's quote, for each category of its team: the
 * professionals who may take that part (servesPart, the quote's own rule).
 */
async function teamChoicesOf(db: Db, row: BookingRow, team: readonly Member[]): Promise<ProAppointment['teamChoices']> {
  const served = new Set(servingZoneIds(row.location.coordinates, await loadZones(db)));
  const serving = await db
    .select({
      id: professionals.id,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
      active: professionals.active,
      skillCategories: professionals.skillCategories,
      zoneIds: professionals.zoneIds,
    })
    .from(professionals)
    .where(eq(professionals.active, true))
    .orderBy(asc(professionals.firstName), asc(professionals.lastName));
  return team.flatMap((member) => {
    const category = member.category;
    if (category === null) return [];
    const professionalsOf = serving
      .filter((pro) => servesPart(pro, category, served))
      .map((pro) => ({ professionalId: pro.id, name: `${pro.firstName} ${pro.lastName}` }));
    return [{ category, professionals: professionalsOf }];
  });
}

/**
 * Her active assignments (confirmed, or waiting for her or for the customer; never a cancelled
 * booking) that overlap [from, until), in time order: each booking with its customer and her part's
 * times. Her agenda and her calendar feed (server/week/calendar-feed.ts) read the same ones.
 */
export async function activeAssignmentsOf(db: Db, professionalId: string, from: Date, until: Date) {
  const a = bookingAssignments;
  return db
    .select({
      row: bookings,
      firstName: users.firstName,
      phoneNumber: users.phoneNumber,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      travelBufferMM: a.travelBufferMM,
    })
    .from(a)
    .innerJoin(bookings, eq(bookings.id, a.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(a.professionalId, professionalId),
        eq(a.active, true),
        gt(a.endsAt, from),
        lt(a.startsAt, until),
        sql`${bookings.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(a.startsAt));
}

/** How many days an agenda shows unless asked. */
export const AGENDA_DAYS = 7;

/**
 * GET /pro/agenda: her appointments (active assignments: confirmed, or waiting for her or for
 * the customer) from the start of `from` (her today by default) for `days` days, in time order,
 * each with her part's times and her travel buffer. Only a professional has an agenda (403).
 */
export async function agendaOf(
  db: Db,
  caller: ProCaller,
  range: { from?: string | undefined; days?: number | undefined },
  now: Date,
): Promise<ProAppointment[]> {
  const pro = caller.professionalId;
  if (!pro) throw new ApiError(403, API_MESSAGES.proOnly);
  const from = range.from ?? localToday(now);
  const until = addDays(from, (range.days ?? AGENDA_DAYS) - 1);
  const found = await activeAssignmentsOf(db, pro, new Date(dayFrame(from).startMs), new Date(dayFrame(until).endMs));
  const members = await servingOf(
    db,
    found.map((f) => f.row.id),
  );
  return found.map((f) =>
    proAppointmentOf(caller, f.row, f, members.get(f.row.id) ?? [], {
      startsAt: f.startsAt,
      endsAt: f.endsAt,
      travelBufferMM: f.travelBufferMM,
    }),
  );
}
