/**
 * POST /bookings/store (+ /salotto) and its `?onlyCheckCoupon=1` dry run.
 *
 * Storing: the services and the professionals come from the catalogue in memory and the slot is
 * re-checked against the database with one query (pickedSlot), prices are recomputed here (the
 * client's figures are never read), then one short transaction finds or creates the customer
 * (no password: she sets it from the account-completion link), locks the gift card (if any) and
 * re-prices with its locked balance, inserts the booking for the first free professional, debits
 * the gift card and writes the confirmation e-mail into the outbox (sent after the reply) with
 * the new account's signup token. Two bookings of one professional can never overlap, nor come
 * closer than her travel buffer: every booking holds one assignment per professional
 * (booking_assignments; a single booking's is written by the database with it) and the
 * `booking_assignments_no_overlap` exclusion constraint, on each appointment widened by half her
 * buffer on both sides, refuses the second (SQLSTATE 23P01); the attempt then starts again with the slot computed anew
 * (the next free professional or team, or 409). Inserts that could overlap wait for each other
 * on advisory locks of the professional's hours (calendarLockKeys), so bookings of other hours
 * never queue behind each other. One customer is never in two appointments at once: the
 * `bookings_customer_no_overlap` and `bookings_contact_no_overlap` constraints refuse a live
 * booking overlapping another of the same account or e-mail (409 saying when the other one is,
 * customer-overlap.ts). A retried submission with the same idempotency key gets the first booking
 * back.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { HairLength } from '../../contract/constants';
import type { BookingInput, CouponCheck } from '../../contract/booking';
import type { Location } from '../../contract/location';
import { MESSAGES } from '../../contract/messages';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { bookingAssignments, bookings, type BookingKind } from '../db/schema/bookings';
import { giftCards } from '../db/schema/coupons';
import { ApiError } from '../http/api-error';
import { API_MESSAGES } from '../http/messages';
import type { CatalogueService } from '../domain/catalogue';
import type { Slot } from '../availability/availability';
import { loadAvailability, type LoadedProfessional } from '../availability/availability-store';
import { fairOrder } from '../availability/fair-order';
import {
  bookableServices,
  catalogueCache,
  loadCode,
  toGiftCard,
  type CatalogueSnapshot,
} from '../catalogue/catalogue-store';
import { isRetryableTransactionError, isUniqueViolation, sqlState } from '../db/errors';
import { normalizeCode } from '../domain/coupons';
import { debitGiftCard, quoteBooking, type Quote } from '../catalogue/pricing';
import type { UserRow } from '../accounts/sessions';
import { completionLink } from './booking-mail';
import { outbox } from '../db/schema/outbox';
import { enqueueBookingConfirmation } from './booking-jobs';
import { customerOpinion, NO_OPINION, type CustomerOpinion } from './opinion';
import { newRequestFields, requestJobs } from './request-deadlines';
import { randomToken, sha256 } from '../accounts/secrets';
import { createUserToken, USER_TOKEN_TTL_MS } from '../accounts/user-tokens';
import { customerOverlapError, isCustomerOverlap, lockCustomerEmail } from './customer-overlap';
import { normalizeEmail } from '../accounts/users';
import { clearExpiredHolds, deleteHoldOf, holdMatches, liveHoldOf, slotOfHold, type CalendarClaim } from './slot-holds';

type BookingRow = typeof bookings.$inferSelect;

/** What both the booking and the coupon check need, as validated by the contract. */
export interface BookingDraftInput {
  kind: BookingKind;
  serviceIds: readonly string[];
  location: Location;
  startDate: string;
  startTime: string | null;
  providerId: string | null;
  couponCode: string;
  participants: number;
  hairLength: HairLength | null;
  /** The customer's e-mail, when known (the coupon check may not have it yet). */
  email: string | null;
  signedIn: UserRow | null;
  now: Date;
  /** Her holder key (issue 28): her held time is booked as held, and her hold ends with the booking. */
  holderKey: string | null;
}

/** What finding the slot of a time needs (the pick of a hold asks the same). */
export type SlotDraft = Pick<
  BookingDraftInput,
  | 'kind'
  | 'serviceIds'
  | 'location'
  | 'startDate'
  | 'startTime'
  | 'providerId'
  | 'participants'
  | 'hairLength'
  | 'now'
  | 'holderKey'
>;

export interface BookingDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  doorbellName: string;
  notes: string;
  allergies: string;
  fitToPlead: boolean;
  allowMarketing: boolean;
  isManualFlow: boolean;
  utm: {
    source: string | null;
    medium: string | null;
    campaign: string | null;
    content: string | null;
  };
}

/** The services asked, active and of the right audience (salotto or not), from the catalogue in memory; else 400. */
function bookableOr400(catalogue: CatalogueSnapshot, ids: readonly string[], kind: BookingKind): CatalogueService[] {
  const list = bookableServices(catalogue, ids, kind);
  if (!list) throw new ApiError(400, MESSAGES.serviceUnavailable);
  return list;
}

async function hasBookings(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), ne(bookings.status, 'cancelled')));
  return (row?.n ?? 0) > 0;
}

async function findCustomer(db: Db, draft: BookingDraftInput): Promise<UserRow | null> {
  if (draft.signedIn) return draft.signedIn;
  if (!draft.email) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(draft.email)))
    .limit(1);
  return row ?? null;
}

/**
 * The services asked and the slot the customer picked, if still free (null when no time was
 * given): services, zones and professionals from the catalogue in memory, and one query for the
 * busy intervals (which also says whether that copy is current). Her own hold (holder key) is not
 * busy for her; everyone else's unexpired hold is.
 */
export async function pickedSlot(
  db: Db,
  draft: SlotDraft,
): Promise<{ services: CatalogueService[]; slot: Slot | null; professionals: LoadedProfessional[] }> {
  if (draft.startTime === null) {
    const catalogue = await catalogueCache(db).current();
    return { services: bookableOr400(catalogue, draft.serviceIds, draft.kind), slot: null, professionals: [] };
  }
  let services: CatalogueService[] = [];
  const { availability, professionals: pros } = await loadAvailability(db, (catalogue) => {
    services = bookableOr400(catalogue, draft.serviceIds, draft.kind);
    return {
      point: draft.location.coordinates,
      services,
      hairLength: draft.hairLength,
      participants: draft.participants,
      kind: draft.kind,
      // A salotto's team must include the filtered professional; a single booking filters below.
      ...(draft.kind === 'salotto' ? { providerId: draft.providerId } : {}),
      fromDate: draft.startDate,
      toDate: draft.startDate,
      now: draft.now,
      holderKey: draft.holderKey,
    };
  });
  const slot = availability.slots(draft.startDate).find((s) => s.startTime === draft.startTime);
  return { services, slot: slot ?? null, professionals: pros };
}

/**
 * The slot of the draft's time. Her live hold of that very time (same subject, day, time and
 * filter) is the slot as held: its professional(s), interval and terms, whatever availability would
 * say now (issue 28: the holder's booking always succeeds while held). Otherwise the slot is
 * computed (pickedSlot), her own hold not counting as busy.
 */
export async function slotForDraft(
  db: Db,
  draft: SlotDraft,
): Promise<{ services: CatalogueService[]; slot: Slot | null; professionals: LoadedProfessional[]; held: boolean }> {
  const hold = draft.holderKey && draft.startTime ? await liveHoldOf(db, draft.holderKey, draft.now) : null;
  if (
    hold &&
    hold.row.kind === draft.kind &&
    hold.row.startTime === draft.startTime &&
    holdMatches(hold, {
      kind: draft.kind,
      serviceIds: draft.serviceIds,
      participants: draft.participants,
      hairLength: draft.hairLength,
      point: draft.location.coordinates,
      startDate: draft.startDate,
      providerId: draft.providerId,
    })
  ) {
    const catalogue = await catalogueCache(db).current();
    return {
      services: bookableOr400(catalogue, draft.serviceIds, draft.kind),
      slot: slotOfHold(hold),
      professionals: [...catalogue.professionals],
      held: true,
    };
  }
  return { ...(await pickedSlot(db, draft)), held: false };
}

/**
 * Who may take the slot. A single booking: its free professionals (only the filtered one with the
 * filter) in the one rule's order (fairOrder, server/availability/fair-order.ts: her 1–2★ last,
 * confirmed hours, fewer appointments that day, her 5★, the day's rotation); the first is the one
 * it goes to, and the one a hold takes. It takes that one's calendar locks only. A salotto: its
 * team (chosen by availability, in the same order per category), sorted in the one global order
 * every transaction takes several calendars' locks in (hours confirmed first, then by id), so two
 * never wait for each other in a cycle.
 */
export function bookingCandidates(
  slot: Slot,
  draft: Pick<SlotDraft, 'kind' | 'providerId'>,
  pros: readonly LoadedProfessional[],
  opinion: CustomerOpinion = NO_OPINION,
): { candidates: string[]; confirmedHours: Set<string>; bufferOf: (id: string) => number } {
  const confirmedHours = new Set(pros.filter((p) => p.hoursConfirmed).map((p) => p.id));
  const bufferOf = (id: string) => pros.find((p) => p.id === id)?.travelBufferMM ?? 0;
  if (draft.kind === 'salotto') {
    const lockOrder = (a: string, b: string) =>
      Number(confirmedHours.has(b)) - Number(confirmedHours.has(a)) || (a < b ? -1 : a > b ? 1 : 0);
    return { candidates: (slot.team ?? []).map((m) => m.professionalId).sort(lockOrder), confirmedHours, bufferOf };
  }
  const free = draft.providerId ? slot.professionalIds.filter((id) => id === draft.providerId) : slot.professionalIds;
  const candidates = fairOrder(
    free.map((id) => ({
      id,
      hoursConfirmed: confirmedHours.has(id),
      appointmentsThatDay: slot.appointmentsThatDay?.get(id) ?? 0,
    })),
    { day: slot.date, ratings: opinion },
  ).map((c) => c.id);
  return { candidates, confirmedHours, bufferOf };
}

/**
 * The price. Whether this is the customer's first booking matters to a coupon only: without a
 * code the customer is not looked up (`customer` is called only when a code is given).
 */
async function quote(
  db: Db,
  draft: BookingDraftInput,
  services: readonly CatalogueService[],
  supplement: number,
  customer: () => Promise<UserRow | null>,
): Promise<Quote> {
  const codes = await loadCode(db, draft.couponCode);
  let isFirstBooking = true;
  if (normalizeCode(draft.couponCode) !== '') {
    const found = await customer();
    isFirstBooking = !found || !(await hasBookings(db, found.id));
  }
  const result = quoteBooking({
    serviceIds: services.map((s) => s.id),
    hairLength: draft.hairLength,
    supplement,
    couponCode: draft.couponCode,
    participants: draft.participants,
    context: { now: draft.now, isFirstBooking },
    catalogue: services,
    ...codes,
  });
  if (!result.ok) throw new ApiError(400, result.message);
  return result.value;
}

/** `?onlyCheckCoupon=1`: the discount and the priced services; nothing is stored. */
export async function checkCoupon(db: Db, draft: BookingDraftInput): Promise<CouponCheck> {
  const { services, slot } = await slotForDraft(db, draft);
  const q = await quote(db, draft, services, slot?.supplement ?? 0, () => findCustomer(db, draft));
  const userId = draft.signedIn?.id;
  return {
    booking: {
      total: q.total,
      totalBeforeDiscount: q.totalBeforeDiscount,
      discount: q.discount,
      ...(userId ? { userId } : {}),
      customers: [{ ...(userId ? { userId } : {}), services: q.services }],
    },
  };
}

export interface StoreResult {
  status: 200 | 201;
  body: BookingInput;
  /** The confirmation e-mail waiting in the outbox (new bookings only): deliver it after the reply. */
  outboxId: string | null;
}

/**
 * The reply to a stored booking. Only an account this very booking created (from what the visitor
 * typed, so nobody else's data is behind it) can be completed from the reply: it carries the
 * signup token and sends her to account completion. A signed-in customer goes to her area. A
 * visitor who used the e-mail of an existing account gets no token and goes to /login: the booking
 * waits out of that account until its owner confirms it from her mailbox (booking-mail.ts).
 */
async function replyFor(
  db: Db,
  row: BookingRow,
  user: UserRow,
  draft: BookingDraftInput,
  appUrl: string,
): Promise<{ body: BookingInput }> {
  const signupToken =
    !draft.signedIn && row.createdAccount && !row.ownerPending && user.passwordHash === null
      ? await createUserToken(db, user.id, 'signup', draft.now)
      : null;
  return { body: replyBody(row, user, draft, appUrl, signupToken) };
}

/** The reply itself, given the signup token of an account this booking created (else null). */
function replyBody(
  row: BookingRow,
  user: UserRow,
  draft: BookingDraftInput,
  appUrl: string,
  signupToken: string | null,
): BookingInput {
  const redirectUrl = draft.signedIn
    ? `${appUrl}/`
    : signupToken
      ? completionLink(appUrl, signupToken, user.email)
      : `${appUrl}/login`;
  return {
    ...(signupToken ? { signupToken } : {}),
    redirectUrl,
    booking: {
      _id: row.id,
      total: row.total,
      totalBeforeDiscount: row.totalBeforeDiscount,
      discount: row.discount,
      userId: row.userId,
      customers: [{ userId: row.userId, services: row.services }],
    },
  };
}

async function findOrCreateCustomer(
  tx: Db,
  draft: BookingDraftInput,
  details: BookingDetails,
): Promise<{ user: UserRow; created: boolean }> {
  if (draft.signedIn) return { user: draft.signedIn, created: false };
  const email = normalizeEmail(details.email);
  const [created] = await tx
    .insert(users)
    .values({
      email,
      firstName: details.firstName,
      lastName: details.lastName,
      phoneNumber: details.phoneNumber,
      location: draft.location,
      allergies: details.allergies || null,
      fitToPlead: details.fitToPlead,
      allowMarketing: details.allowMarketing,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return { user: created, created: true };
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (!existing) throw new Error('customer vanished');
  return { user: existing, created: false };
}

export interface StoreInput {
  draft: BookingDraftInput & { startTime: string };
  details: BookingDetails;
  idempotencyKey: string | null;
  /** The request's fingerprint (requestFingerprint), stored with the key: another request with the key is a 422. */
  idempotencyFingerprint: string | null;
  appUrl: string;
}

/** Attempts of one booking transaction that the database gave up (deadlock, serialization). */
const TRANSACTION_ATTEMPTS = 3;
/**
 * Attempts when a calendar was taken between the slot's computation and the insert: each one
 * computes the slot again with the other booking in, so it moves on to another professional
 * (or team) or answers 409.
 */
const CALENDAR_ATTEMPTS = 6;

/**
 * The customer already has a live booking at that time (same account or same e-mail): the
 * database's customer constraints refused ours (customer-overlap.ts).
 */
class CustomerBusy extends Error {
  constructor(
    readonly userId: string | null,
    readonly startsAt: Date,
    readonly endsAt: Date,
    cause: unknown,
  ) {
    super('customer busy', { cause });
    this.name = 'CustomerBusy';
  }
}

/** A professional of the slot was booked by someone else between the check and the insert. */
class CalendarTaken extends Error {
  constructor(cause: unknown) {
    super('calendar taken', { cause });
    this.name = 'CalendarTaken';
  }
}

export async function storeBooking(db: Db, input: StoreInput): Promise<StoreResult> {
  const { draft, details, idempotencyKey, appUrl } = input;
  // A retried submission is not looked up first (a query every booking would pay): its key makes
  // the insert fail (unique), or its own booking took the slot (409), or what it used is spent
  // (a gift card's balance: 400). Whenever an attempt with a key fails, the key's booking, if
  // there is one, is the answer.
  for (let attempt = 1, taken = 0; ; attempt++) {
    try {
      try {
        return await storeOnce(db, input);
      } catch (error) {
        if (error instanceof CustomerBusy) {
          // Her other appointment, said in the refusal; gone meanwhile (cancelled): try again.
          const refusal = await customerOverlapError(db, { ...error, email: details.email });
          if (refusal) throw refusal;
          if (++taken < CALENDAR_ATTEMPTS) continue;
          throw new ApiError(409, MESSAGES.slotTaken);
        }
        if (!(error instanceof CalendarTaken)) throw error;
        // The slot is computed again with her appointment in: another professional, or none (409).
        if (++taken < CALENDAR_ATTEMPTS) continue;
        throw new ApiError(409, MESSAGES.slotTaken);
      }
    } catch (error) {
      // A concurrent submission with the same key stored a moment ago (its booking took the slot,
      // or its key made our insert fail): answer with that booking, as a retry would get.
      const replayable = isUniqueViolation(error) || (error instanceof ApiError && error.status < 500);
      if (idempotencyKey && replayable) {
        const replay = await replayByKey(db, idempotencyKey, input.idempotencyFingerprint, draft, details, appUrl);
        if (replay) return replay;
      }
      if (attempt < TRANSACTION_ATTEMPTS && isRetryableTransactionError(error)) continue;
      throw error;
    }
  }
}

/** The width of the stretches of a calendar one lock covers. */
const LOCK_BUCKET_MS = 60 * 60_000;

/**
 * The advisory locks an insert of [startMs, endMs) into this professional's calendar takes: one
 * per hour that the interval, widened by half her travel buffer on each side, touches (the range
 * the no-overlap constraint compares, migration 0009). Two inserts the constraint could refuse
 * touch a common hour, so they take one lock in common and run one after the other (two
 * concurrent exclusion checks of conflicting rows would otherwise each wait for the other: a
 * deadlock PostgreSQL breaks after 1 s); bookings of other hours of the same day do not wait for
 * each other.
 */
export function calendarLockKeys(professionalId: string, startMs: number, endMs: number, bufferMM: number): string[] {
  const halfBufferMs = Math.max(0, bufferMM) * 30_000;
  const from = startMs - halfBufferMs;
  const until = endMs + halfBufferMs;
  const keys: string[] = [];
  for (let b = Math.floor(from / LOCK_BUCKET_MS); b <= Math.floor((until - 1) / LOCK_BUCKET_MS); b++)
    keys.push(`${professionalId}:${b}`);
  return keys;
}

/** Takes the locks, in the order given, in one statement (keys are uuid:number: no quoting needed). */
export async function lockCalendars(tx: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${`{${keys.join(',')}}`}::text[]) AS k`,
  );
}

/**
 * Before a booking's assignments are written (its calendar locks held): her hold ends (one holder,
 * one hold: the booking replaces it, so her held time is hers to book), and expired holds in the
 * way are deleted. A live hold of someone else stays, and the constraint refuses the booking.
 */
async function clearTheWay(tx: Db, draft: SlotDraft, claims: readonly CalendarClaim[]): Promise<void> {
  if (draft.holderKey) await deleteHoldOf(tx, draft.holderKey);
  await clearExpiredHolds(tx, claims, draft.now);
}

async function storeOnce(db: Db, input: StoreInput): Promise<StoreResult> {
  const { draft, details, idempotencyKey, appUrl } = input;
  const { services, slot, professionals: pros } = await slotForDraft(db, draft);
  if (!slot) throw new ApiError(409, MESSAGES.slotTaken);
  // Who gets it, by the one rule (bookingCandidates). A single booking locks one calendar; a team's
  // calendars are locked in one global order (each one's hours in time order): two transactions
  // never wait for each other in a cycle.
  // What she thought of the professionals she rated (issue 29), when she is known: signed in, or
  // the account of the e-mail she typed (one query, without reading the account itself).
  const opinion =
    draft.kind === 'single'
      ? await customerOpinion(db, { userId: draft.signedIn?.id ?? null, email: draft.email })
      : NO_OPINION;
  const { candidates, confirmedHours, bufferOf } = bookingCandidates(slot, draft, pros, opinion);
  const team = draft.kind === 'salotto' ? (slot.team ?? []) : null;
  if (candidates.length === 0) throw new ApiError(409, MESSAGES.slotTaken);
  // Priced before the transaction (a bad code answers 400 without opening one); a coupon is
  // priced again with the customer's row locked, a gift card with its balance locked.
  const priced = await quote(db, draft, services, slot.supplement, () => findCustomer(db, draft));
  const manual = services.some((s) => s.isManualFlow);
  const startMs = Date.parse(slot.startDateTime);
  const endMs = Date.parse(slot.endDateTime);

  const outcome = await db.transaction(async (tx) => {
    // One e-mail's bookings one after the other: the customer constraints then refuse an
    // overlapping second one at once, without two exclusion checks waiting for each other.
    await lockCustomerEmail(tx, details.email);
    const { user, created } = await findOrCreateCustomer(tx, draft, details);
    // One booking at a time per customer: with her row locked, a first-booking coupon is decided
    // on the bookings committed before ours (five concurrent first bookings: one discount). A row
    // this transaction just inserted is already locked, and nobody else sees it before the commit.
    if (!created) await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    let q = priced.codeKind === 'coupon' ? await quote(tx, draft, services, slot.supplement, async () => user) : priced;
    let card: typeof giftCards.$inferSelect | undefined;
    if (q.codeKind === 'gift-card' && q.code) {
      [card] = await tx.select().from(giftCards).where(eq(giftCards.code, q.code)).for('update');
      if (!card) throw new ApiError(400, MESSAGES.couponInvalid);
      const again = quoteBooking({
        serviceIds: services.map((s) => s.id),
        hairLength: draft.hairLength,
        supplement: slot.supplement,
        couponCode: q.code,
        participants: draft.participants,
        context: { now: draft.now, isFirstBooking: true },
        catalogue: services,
        coupons: [],
        giftCards: [toGiftCard(card)],
      });
      if (!again.ok) throw new ApiError(400, again.message);
      q = again.value;
    }

    const values = {
      userId: user.id,
      startsAt: new Date(startMs),
      endsAt: new Date(endMs),
      timeZone: slot.timeZone,
      location: draft.location,
      services: q.services,
      total: q.total,
      totalBeforeDiscount: q.totalBeforeDiscount,
      discount: q.discount,
      kind: draft.kind,
      participants: draft.participants,
      hairLength: draft.hairLength,
      supplement: q.supplement,
      couponCode: q.code,
      giftCardDebit: q.giftCardDebit,
      isManualFlow: details.isManualFlow || manual,
      doorbellName: details.doorbellName,
      notes: details.notes || null,
      allergies: details.allergies || null,
      fitToPlead: details.fitToPlead,
      utm: details.utm,
      ownerPending: !draft.signedIn && !created,
      createdAccount: created,
      contact: {
        firstName: details.firstName,
        lastName: details.lastName,
        email: normalizeEmail(details.email),
        phoneNumber: details.phoneNumber,
      },
      idempotencyKey,
      idempotencyFingerprint: idempotencyKey ? input.idempotencyFingerprint : null,
      createdAt: draft.now,
    } satisfies typeof bookings.$inferInsert;

    let row: BookingRow | undefined;
    try {
      if (team) {
        // The whole team's calendars, in the global lock order (bookingCandidates), then the
        // booking and one assignment per member.
        const byId = new Map(team.map((m) => [m.professionalId, m]));
        await lockCalendars(
          tx,
          candidates.flatMap((id) => {
            const m = byId.get(id)!;
            return calendarLockKeys(id, Date.parse(m.startDateTime), Date.parse(m.endDateTime), bufferOf(id));
          }),
        );
        await clearTheWay(
          tx,
          draft,
          team.map((m) => ({
            professionalId: m.professionalId,
            startMs: Date.parse(m.startDateTime),
            endMs: Date.parse(m.endDateTime),
            bufferMM: bufferOf(m.professionalId),
          })),
        );
        // A team has no professional of its own on the booking row; each member has her assignment.
        [row] = await tx
          .insert(bookings)
          .values({
            ...values,
            professionalId: null,
            status: 'pending',
            ...newRequestFields('salotto', null, values.startsAt, draft.now),
          })
          .returning();
        if (!row) throw new Error('booking not stored');
        const bookingId = row.id;
        await tx.insert(bookingAssignments).values(
          team.map((m) => ({
            bookingId,
            professionalId: m.professionalId,
            category: m.category,
            startsAt: new Date(m.startDateTime),
            endsAt: new Date(m.endDateTime),
          })),
        );
      } else {
        // The first free professional in the fair order; her assignment is written by the
        // database with the row. Should she have been taken a moment ago, the exclusion
        // constraint refuses the insert and the attempt starts again with the slot computed anew.
        const professionalId = candidates[0]!;
        const instant = confirmedHours.has(professionalId) && !manual;
        await lockCalendars(tx, calendarLockKeys(professionalId, startMs, endMs, bufferOf(professionalId)));
        await clearTheWay(tx, draft, [{ professionalId, startMs, endMs, bufferMM: bufferOf(professionalId) }]);
        [row] = await tx
          .insert(bookings)
          .values({
            ...values,
            professionalId,
            ...(instant
              ? { status: 'confirmed' as const }
              : {
                  status: 'pending' as const,
                  ...newRequestFields('single', professionalId, values.startsAt, draft.now),
                }),
          })
          .returning();
      }
    } catch (error) {
      if (isCustomerOverlap(error)) throw new CustomerBusy(user.id, new Date(startMs), new Date(endMs), error);
      if (sqlState(error) === '23P01') throw new CalendarTaken(error);
      throw error;
    }
    if (!row) throw new Error('booking not stored');

    if (card && q.giftCardDebit > 0) {
      await tx
        .update(giftCards)
        .set({ balance: debitGiftCard(card.balance, q.giftCardDebit), updatedAt: draft.now })
        .where(eq(giftCards.code, card.code));
    }
    // The confirmation e-mail is written with the booking (a crash after the commit cannot lose
    // it), and so is the account-completion token of an account this booking created.
    // A request (issue 27): its deadline's job and the e-mail to the professional asked.
    const jobs = requestJobs(row, draft.now);
    if (jobs.length > 0) await tx.insert(outbox).values(jobs);
    const signupToken = !draft.signedIn && created ? randomToken() : null;
    const outboxId = await enqueueBookingConfirmation(tx, row, draft.now, {
      signupToken: signupToken
        ? {
            userId: user.id,
            tokenHash: sha256(signupToken),
            expiresAt: new Date(draft.now.getTime() + USER_TOKEN_TTL_MS.signup),
          }
        : null,
    });
    return { row, user, outboxId, signupToken };
  });

  const { row, user, outboxId, signupToken } = outcome;
  return { status: 201, body: replyBody(row, user, draft, appUrl, signupToken), outboxId };
}

/**
 * The fingerprint of a booking request: the sha256 of its validated payload (keys sorted, the key
 * itself left out), kind and hair length. Two requests with the same fingerprint ask for the same
 * booking (IETF draft-ietf-httpapi-idempotency-key-header: the same key with another payload is a 422).
 */
export function requestFingerprint(
  kind: BookingKind,
  payload: Record<string, unknown>,
  hairLength: string | null,
): string {
  // Neither key changes what is booked (the holder key only says whose hold it may replace).
  const { idempotencyKey: _key, holderKey: _holder, ...rest } = payload;
  return sha256(canonicalJson({ kind, hairLength, payload: rest }));
}

/** JSON with every object's keys sorted, so the same data always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

async function replayByKey(
  db: Db,
  key: string,
  fingerprint: string | null,
  draft: BookingDraftInput,
  details: BookingDetails,
  appUrl: string,
): Promise<StoreResult | null> {
  const [existing] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key)).limit(1);
  if (!existing) return null;
  const customer = await findCustomer(db, { ...draft, email: details.email });
  if (!customer || customer.id !== existing.userId) throw new ApiError(409, API_MESSAGES.idempotencyKeyReused);
  // Her key, another request (another time, other services…): refused, never answered with the first booking.
  if (existing.idempotencyFingerprint && fingerprint && existing.idempotencyFingerprint !== fingerprint)
    throw new ApiError(422, API_MESSAGES.idempotencyKeyMismatch);
  const reply = await replyFor(db, existing, customer, draft, appUrl);
  return { status: 200, body: reply.body, outboxId: null };
}
