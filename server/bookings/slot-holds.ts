/**
 * Holds (issue 28): the time she picked is hers while she fills the checkout.
 *
 * A hold is a `slot_holds` row (one per holder key: one holder, one hold) and one
 * `booking_assignments` row per professional it takes (a single booking's professional, or each
 * member of a salotto's team), so the exclusion constraint that keeps bookings apart keeps holds
 * and bookings apart too, travel buffers included. Expiry is the API's clock (deps.now): the
 * constraint cannot read it, so an expired hold is deleted by whoever writes an assignment over it
 * (clearExpiredHolds, in the writer's transaction, after its calendar locks), availability ignores
 * it (availability-store.ts), and the outbox's rounds sweep the rest (sweepExpiredHolds).
 *
 * Placing a hold is hold-store.ts; the booking books a held time as held (booking-store.ts).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { ApiCategory, HairLength } from '../../contract/constants';
import { SLOT_HOLD_MINUTES } from '../../contract/constants';
import type { SlotHoldInput } from '../../contract/hold';
import type { AvailableTime } from '../../contract/slot';
import type { LatLng } from '../domain/distance';
import { selectRows, type Db } from '../db/client';
import { bookingAssignments, slotHolds, type BookingKind } from '../db/schema/bookings';
import type { Slot } from '../availability/availability';
import { sha256 } from '../accounts/secrets';
import { MINUTE_MS } from '../domain/time';

export type SlotHoldRow = typeof slotHolds.$inferSelect;

/** One professional a hold takes: her part of the time (a salotto: her category's). */
export interface HoldMember {
  professionalId: string;
  category: string | null;
  startsAt: Date;
  endsAt: Date;
}

export interface LiveHold {
  row: SlotHoldRow;
  members: HoldMember[];
}

/** When a hold placed or renewed at `now` lapses. */
export const holdExpiry = (now: Date): Date => new Date(now.getTime() + SLOT_HOLD_MINUTES * MINUTE_MS);

/** What a time is asked for, beside the day and the time: the same answer means the same slot. */
export interface HoldSubject {
  kind: BookingKind;
  serviceIds: readonly string[];
  participants: number;
  hairLength: HairLength | null;
  point: LatLng;
}

/**
 * The fingerprint of a hold's subject: services (in any order), people, hair length, address and
 * kind. Availability marks a held time as hers, and the store books it as held, only for the same
 * subject (another service, another address: another slot, perhaps another professional).
 */
export function holdFingerprint(subject: HoldSubject): string {
  return sha256(
    JSON.stringify([
      subject.kind,
      [...new Set(subject.serviceIds)].sort(),
      subject.participants,
      subject.hairLength,
      subject.point.lat,
      subject.point.lng,
    ]),
  );
}

/**
 * Whether her hold is for this request: same subject and day, and (with the professional filter)
 * one of the professionals it took is the filtered one.
 */
export function holdMatches(
  hold: LiveHold,
  request: HoldSubject & { startDate: string; providerId: string | null },
): boolean {
  return (
    hold.row.fingerprint === holdFingerprint(request) &&
    hold.row.startDate === request.startDate &&
    (!request.providerId || hold.members.some((m) => m.professionalId === request.providerId))
  );
}

/** Her hold, if it has not lapsed at `now`, with the professionals it takes. */
export async function liveHoldOf(db: Db, holderKey: string, now: Date): Promise<LiveHold | null> {
  const a = bookingAssignments;
  const rows = await db
    .select({
      hold: slotHolds,
      professionalId: a.professionalId,
      category: a.category,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
    })
    .from(slotHolds)
    .innerJoin(a, eq(a.holdId, slotHolds.id))
    .where(and(eq(slotHolds.holderKey, holderKey), gt(slotHolds.expiresAt, now)));
  const first = rows[0];
  if (!first) return null;
  return {
    row: first.hold,
    members: rows.map((r) => ({
      professionalId: r.professionalId,
      category: r.category,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
    })),
  };
}

/** The held time as the day's available times show it to its holder. */
export const availableTimeOfHold = (row: SlotHoldRow): AvailableTime => ({
  startTime: row.startTime,
  endTime: row.endTime,
  supplement: row.supplement,
  toBeConfirmed: !row.instantBooking,
  instantBooking: row.instantBooking,
  serviceFee: row.serviceFee,
  heldByYou: true,
});

/** The reply of a pick or a renewal. */
export const holdReply = (row: SlotHoldRow): { hold: SlotHoldInput } => ({
  hold: {
    startDate: row.startDate,
    startTime: row.startTime,
    endTime: row.endTime,
    expiresAt: row.expiresAt.toISOString(),
    availableTime: availableTimeOfHold(row),
  },
});

/**
 * The day's available times for her: her held time replaces the one computed (its terms are the
 * ones she was offered) or joins the list in its place (it stays hers even if the list would no
 * longer show it, e.g. once inside the minimum notice), marked `heldByYou`.
 */
export function withOwnHold(times: readonly AvailableTime[], own: SlotHoldRow | null): AvailableTime[] {
  if (!own) return [...times];
  const held = availableTimeOfHold(own);
  const others = times.filter((t) => t.startTime !== held.startTime);
  const at = others.findIndex((t) => t.startTime > held.startTime);
  others.splice(at === -1 ? others.length : at, 0, held);
  return others;
}

/** The slot a hold keeps for the store: her professional(s), times and terms as held. */
export function slotOfHold(hold: LiveHold): Slot {
  const { row, members } = hold;
  const durationMM = Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS);
  const team =
    row.kind === 'salotto'
      ? members.map((m) => ({
          category: m.category as ApiCategory,
          professionalId: m.professionalId,
          startDateTime: m.startsAt.toISOString(),
          endDateTime: m.endsAt.toISOString(),
          durationMM: Math.round((m.endsAt.getTime() - m.startsAt.getTime()) / MINUTE_MS),
        }))
      : undefined;
  return {
    date: row.startDate,
    startTime: row.startTime,
    endTime: row.endTime,
    startDateTime: row.startsAt.toISOString(),
    endDateTime: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    supplement: row.supplement,
    toBeConfirmed: !row.instantBooking,
    instantBooking: row.instantBooking,
    serviceFee: row.serviceFee,
    providerId: members[0]!.professionalId,
    professionalIds: members.map((m) => m.professionalId),
    durationMM,
    ...(team ? { team } : {}),
  };
}

/** A stretch of a professional's calendar about to be written, her travel buffer with it. */
export interface CalendarClaim {
  professionalId: string;
  startMs: number;
  endMs: number;
  bufferMM: number;
}

/**
 * Deletes the holds expired at `now` whose assignments are in the way of these claims (the range
 * the no-overlap constraint compares: each side widened by half its own buffer). Run by every
 * writer of an assignment in its transaction, after its calendar locks and before its insert, so
 * an expired hold never refuses anyone.
 */
export async function clearExpiredHolds(tx: Db, claims: readonly CalendarClaim[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (const claim of claims) {
    await tx.execute(sql`DELETE FROM ${slotHolds} WHERE ${slotHolds.expiresAt} <= ${at}::timestamptz AND ${slotHolds.id} IN (
      SELECT a.hold_id FROM ${bookingAssignments} a
      WHERE a.hold_id IS NOT NULL AND a.active AND a.professional_id = ${claim.professionalId}
        AND assignment_busy_range(a.starts_at, a.ends_at, a.travel_buffer_mm)
          && assignment_busy_range(${new Date(claim.startMs).toISOString()}::timestamptz, ${new Date(claim.endMs).toISOString()}::timestamptz, ${claim.bufferMM}::integer)
    )`);
  }
}

/** Deletes her hold, lapsed or not (its assignments go with it). True when there was one. */
export async function deleteHoldOf(db: Db, holderKey: string): Promise<boolean> {
  const deleted = await db.delete(slotHolds).where(eq(slotHolds.holderKey, holderKey)).returning({ id: slotHolds.id });
  return deleted.length > 0;
}

/** Moves her hold's expiry to now + SLOT_HOLD_MINUTES, if it has not lapsed; else null. */
export async function renewHold(db: Db, holderKey: string, now: Date): Promise<SlotHoldRow | null> {
  const [row] = await db
    .update(slotHolds)
    .set({ expiresAt: holdExpiry(now) })
    .where(and(eq(slotHolds.holderKey, holderKey), gt(slotHolds.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Holds one sweep deletes at most (the next round takes the rest). */
const SWEEP_LIMIT = 500;

/**
 * Deletes holds expired at `now`, up to `limit`: an outbox job every API process runs. `FOR UPDATE
 * SKIP LOCKED`: rows another process is sweeping, or a writer is clearing, are left to them.
 * Returns how many went.
 */
export async function sweepExpiredHolds(db: Db, now: Date, limit = SWEEP_LIMIT): Promise<number> {
  const deleted = await selectRows<{ id: string }>(
    db,
    sql`DELETE FROM ${slotHolds} WHERE ${slotHolds.id} IN (
      SELECT id FROM ${slotHolds} WHERE expires_at <= ${now.toISOString()}::timestamptz
      ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING id`,
  );
  return deleted.length;
}
