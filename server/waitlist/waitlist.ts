/**
 * The waitlist of sold-out days (issue 16). A customer leaves her e-mail for a day, an address and
 * services; when a cancellation or a move frees time on that day (an outbox row 'waitlist-offer'
 * written in the same transaction, carrying the freed start), every entry of that day not told yet
 * is checked in the order they joined, with the same availability the wizard shows, and each one
 * that now has a free slot gets an e-mail, once. The first to book takes the time.
 *
 * The e-mail's link (`/waitlist/<entryId>?token=`) gives back the day and the wizard's draft she
 * left (GET /waitlist/:entryId): its token is random, made with the offer, bound to that entry,
 * stored as its sha256 only and valid until the end of that day in Europe/Rome.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CallPayload, CallResponse, joinWaitlistCall, waitlistOfferCall } from '../../contract/calls';
import { asHairLength, LIMITS } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { Db } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { waitlist } from '../db/schema/waitlist';
import { ApiError } from '../http/api-error';
import type { Mailer } from '../mail/mailer';
import { waitlistOfferEmail } from './waitlist-emails';
import { API_MESSAGES } from '../http/messages';
import { loadAvailability } from '../availability/availability-store';
import { isUuid } from '../http/input';
import { bookableServices, catalogueCache } from '../catalogue/catalogue-store';
import { randomToken, sha256 } from '../accounts/secrets';
import { dayFrame, instantToZoned, TIME_ZONE } from '../domain/time';
import { normalizeEmail } from '../accounts/users';

type WaitlistEntry = typeof waitlist.$inferSelect;

/** 'mercoledì 4 marzo' (the zones served are all in Italy's time). */
const DAY_LABEL = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** POST /waitlist: stored (or updated) for that e-mail and day; its place in line is kept. */
export async function joinWaitlist(db: Db, input: CallPayload<typeof joinWaitlistCall>, now: Date): Promise<void> {
  const catalogue = await catalogueCache(db).current();
  if (!bookableServices(catalogue, input.services, 'single') && !bookableServices(catalogue, input.services, 'salotto'))
    throw new ApiError(400, MESSAGES.serviceUnavailable);
  const values = {
    email: normalizeEmail(input.email),
    date: input.date,
    location: input.location,
    services: [...input.services],
    hairLength: input.hairLength,
    participants: input.numberOfCustomers ?? 1,
    draft: input.draft,
    createdAt: now,
  };
  await db
    .insert(waitlist)
    .values(values)
    .onConflictDoUpdate({
      target: [waitlist.email, waitlist.date],
      set: {
        location: values.location,
        services: values.services,
        hairLength: values.hairLength,
        participants: values.participants,
        draft: values.draft,
        notifiedAt: null,
      },
    });
}

/** Whether the entry's address and services have a free slot on its day now. */
async function hasFreeTime(db: Db, entry: WaitlistEntry, now: Date): Promise<boolean> {
  const { availability } = await loadAvailability(db, (catalogue) => {
    const single = bookableServices(catalogue, entry.services, 'single');
    const services = single ?? bookableServices(catalogue, entry.services, 'salotto') ?? [];
    return {
      point: entry.location.coordinates,
      services,
      hairLength: asHairLength(entry.hairLength),
      participants: single ? 1 : Math.max(entry.participants, LIMITS.salottoMinParticipants),
      kind: single ? 'single' : 'salotto',
      providerId: null,
      fromDate: entry.date,
      toDate: entry.date,
      now,
    };
  });
  return availability.slots(entry.date).length > 0;
}

/** The offer's link: the wizard opens on the freed day with her draft (GET /waitlist/:entryId). */
export const waitlistOfferLink = (appUrl: string, entryId: string, token: string) =>
  `${appUrl}/waitlist/${encodeURIComponent(entryId)}?token=${encodeURIComponent(token)}`;

/**
 * GET /waitlist/:entryId?token=: the day and the draft of the entry the token was made for, until
 * the end of that day; anything else (another entry's token, none, expired, an unknown id) is the
 * same 404.
 */
export async function openWaitlistOffer(
  db: Db,
  entryId: string,
  token: string,
  now: Date,
): Promise<CallResponse<typeof waitlistOfferCall>> {
  // An entry id is a UUID: anything else names none (and must not reach the database as one).
  if (!isUuid(entryId)) throw new ApiError(404, API_MESSAGES.invalidLink);
  const [entry] = await db
    .select({ date: waitlist.date, draft: waitlist.draft })
    .from(waitlist)
    .where(and(eq(waitlist.id, entryId), eq(waitlist.offerTokenHash, sha256(token)), gt(waitlist.offerExpiresAt, now)))
    .limit(1);
  if (!entry) throw new ApiError(404, API_MESSAGES.invalidLink);
  return { date: entry.date, draft: entry.draft };
}

export type WaitlistDeps = { db: Db; mailer: Mailer; appUrl: string; now: Date };

/**
 * Time was freed by the booking `bookingId` at `freedStart`: tells every entry of that day that
 * now has a free slot, in the order they joined. Each one is marked told right after its e-mail,
 * so a failure part-way is retried (by the outbox) for the others only. Returns how many were told.
 */
export async function offerFreedTime(deps: WaitlistDeps, bookingId: string, freedStart: Date): Promise<number> {
  const { db, mailer, appUrl, now } = deps;
  const [booking] = await db.select({ timeZone: bookings.timeZone }).from(bookings).where(eq(bookings.id, bookingId));
  const { date } = instantToZoned(freedStart, booking?.timeZone);
  const entries = await db
    .select()
    .from(waitlist)
    .where(and(eq(waitlist.date, date), isNull(waitlist.notifiedAt)))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id));
  let told = 0;
  for (const entry of entries) {
    if (!(await hasFreeTime(db, entry, now))) continue;
    // Claimed before sending, with the link's token: two processes never tell the same entry.
    const token = randomToken();
    const claimed = await db
      .update(waitlist)
      .set({ notifiedAt: now, offerTokenHash: sha256(token), offerExpiresAt: new Date(dayFrame(entry.date).endMs) })
      .where(and(eq(waitlist.id, entry.id), isNull(waitlist.notifiedAt)))
      .returning({ id: waitlist.id });
    if (claimed.length === 0) continue;
    try {
      await mailer.send(
        waitlistOfferEmail({
          to: entry.email,
          dateLabel: DAY_LABEL.format(freedStart),
          address: entry.location.address,
          link: waitlistOfferLink(appUrl, entry.id, token),
        }),
      );
      told++;
    } catch (error) {
      // Not sent: she is in line again for the outbox's next attempt.
      await db
        .update(waitlist)
        .set({ notifiedAt: sql`NULL` })
        .where(eq(waitlist.id, entry.id));
      throw error;
    }
  }
  return told;
}
