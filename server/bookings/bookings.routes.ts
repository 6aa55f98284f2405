import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  availableDaysCall,
  availableTimesCall,
  checkCouponCall,
  checkLocationCall,
  checkSalottoCouponCall,
  createBookingCall,
  createSalottoBookingCall,
  numberOfCustomersField,
  salottoAvailableTimesCall,
} from '../../contract/calls';
import { HAIR_LENGTHS, LIMITS } from '../../contract/constants';
import { ok } from '../../contract/envelope';
import { MESSAGES } from '../../contract/messages';
import type { BookingKind } from '../db/schema/bookings';
import { deliverAfterReply } from '../http/after-reply';
import { ApiError } from '../http/api-error';
import { optionalUser, userIfSignedIn } from '../accounts/auth';
import { enforceRateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/env';
import { parseInput, readQuery } from '../http/input';
import { API_MESSAGES } from '../http/messages';
import { availableTimeOf, cachedAvailabilityReply, availabilityKey } from '../availability/availability-replies';
import { availableTimeFor } from './offered-times';
import { customerOpinion, NO_OPINION } from './opinion';
import { loadAvailability } from '../availability/availability-store';
import { availableDaysOf } from '../availability/available-days';
import { checkCoupon, requestFingerprint, storeBooking, type BookingDraftInput } from './booking-store';
import { bookableServices, catalogueCache, type CatalogueSnapshot } from '../catalogue/catalogue-store';
import { canBeServed } from '../domain/served-zones';
import { availableTimeOfHold, holdMatches, liveHoldOf, withOwnHold, type SlotHoldRow } from './slot-holds';

/**
 * Served zones, availability, bookings and coupon checks (SPEC §7). Besides the contract's
 * fields, the availability and booking bodies may carry `hairLength` (hair prices and durations
 * depend on it; 'medium' when missing) and, for the salotto, `numberOfCustomers` on the
 * availability calls (2 when missing): ours, documented in docs/api.md. With `holderKey` (issue
 * 28), her held time stays offered to her (`heldByYou`) and the booking books it as held.
 */
export const bookingRoutes = new Hono<AppEnv>();

const extrasSchema = v.object({
  hairLength: v.nullish(v.picklist(HAIR_LENGTHS, MESSAGES.selectOption), null),
  numberOfCustomers: v.optional(numberOfCustomersField),
});

const idempotencyHeader = v.pipe(
  v.string(MESSAGES.invalidValue),
  v.minLength(8, MESSAGES.invalidValue),
  v.maxLength(128, MESSAGES.invalidValue),
);

/** The JSON body as sent (a body that is not JSON is a 400). */
async function readBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, API_MESSAGES.badJson);
  }
}

/** A JSON reply already rendered (as c.json would send it). */
const jsonReply = (c: Context, body: string) => c.body(body, 200, { 'Content-Type': 'application/json' });

bookingRoutes.post(checkLocationCall.route, async (c) => {
  const { bookingLocation } = parseInput(checkLocationCall.payload, await readBody(c));
  const { zones } = await catalogueCache(c.var.deps.db).current();
  return c.json(ok({ canBeServed: canBeServed(bookingLocation.coordinates, zones) }));
});

function availableTimesHandler(kind: BookingKind) {
  const call = kind === 'salotto' ? salottoAvailableTimesCall : availableTimesCall;
  return async (c: Context<AppEnv>) => {
    const body = await readBody(c);
    const payload = parseInput(call.payload, body);
    const extras = parseInput(extrasSchema, body);
    const { db, now } = c.var.deps;
    const at = now();
    const participants = kind === 'salotto' ? (extras.numberOfCustomers ?? LIMITS.salottoMinParticipants) : 1;
    // Catalogue and professionals from memory; one query for the busy intervals.
    const loaded = await loadAvailability(db, (catalogue) => ({
      point: payload.bookingLocation.coordinates,
      services: bookableOr400(catalogue, payload.services, kind),
      hairLength: extras.hairLength,
      participants,
      kind,
      providerId: payload.providerId ?? null,
      fromDate: payload.startDate,
      toDate: payload.startDate,
      now: at,
      holderKey: payload.holderKey,
    }));
    // Her hold of a time of this day, for these services: shown as hers (issue 28).
    const own = await ownHoldFor(c, payload.holderKey, {
      kind,
      serviceIds: payload.services,
      participants,
      hairLength: extras.hairLength,
      point: payload.bookingLocation.coordinates,
      startDate: payload.startDate,
      providerId: payload.providerId ?? null,
    });
    // A signed-in customer who rated someone 1–2★ or 5★ (issue 29): her own answer, who comes
    // decided as the store will decide it.
    const opinion =
      kind === 'single' ? await customerOpinion(db, { userId: (await userIfSignedIn(c))?.id ?? null }) : NO_OPINION;
    if (opinion !== NO_OPINION) {
      const providerId = payload.providerId ?? null;
      const mine = loaded.availability
        .slots(payload.startDate)
        .map((slot) => availableTimeFor(slot, opinion, loaded.professionals, providerId));
      return c.json(ok({ availableTimes: withOwnHold(mine, own) }));
    }
    // Computed and rendered once for every request that reads the same busy intervals (and hold).
    const days = `times:${payload.startDate}${own ? `:held:${JSON.stringify(availableTimeOfHold(own))}` : ''}`;
    const reply = cachedAvailabilityReply(db, availabilityKey(loaded, days), () => {
      const availableTimes = withOwnHold(loaded.availability.slots(payload.startDate).map(availableTimeOf), own);
      return JSON.stringify(ok({ availableTimes }));
    });
    return jsonReply(c, reply);
  };
}

/** Her live hold, when it is for this request (same services, people, address, day, filter); else null. */
async function ownHoldFor(
  c: Context<AppEnv>,
  holderKey: string | null,
  request: Parameters<typeof holdMatches>[1],
): Promise<SlotHoldRow | null> {
  if (!holderKey) return null;
  const { db, now } = c.var.deps;
  const hold = await liveHoldOf(db, holderKey, now());
  return hold && holdMatches(hold, request) ? hold.row : null;
}

/** The services asked, active and of the booking's audience, from the catalogue; else 400. */
function bookableOr400(catalogue: CatalogueSnapshot, ids: readonly string[], kind: BookingKind) {
  const list = bookableServices(catalogue, ids, kind);
  if (!list) throw new ApiError(400, MESSAGES.serviceUnavailable);
  return list;
}

bookingRoutes.post(availableTimesCall.route, availableTimesHandler('single'));
bookingRoutes.post(salottoAvailableTimesCall.route, availableTimesHandler('salotto'));

/** The day picker serves both flows with one path: the services say which. One query a month, or a few (available-days.ts). */
bookingRoutes.post(availableDaysCall.route, async (c) => {
  const body = await readBody(c);
  const payload = parseInput(availableDaysCall.payload, body);
  const extras = parseInput(extrasSchema, body);
  const { db, now } = c.var.deps;
  const at = now();
  let asked: { kind: BookingKind; participants: number } = { kind: 'single', participants: 1 };
  const { days } = await availableDaysOf(db, (catalogue) => {
    const single = bookableServices(catalogue, payload.services, 'single');
    const services = single ?? bookableOr400(catalogue, payload.services, 'salotto');
    asked = single
      ? { kind: 'single', participants: 1 }
      : { kind: 'salotto', participants: extras.numberOfCustomers ?? LIMITS.salottoMinParticipants };
    return {
      point: payload.bookingLocation.coordinates,
      services,
      hairLength: extras.hairLength,
      participants: single ? 1 : (extras.numberOfCustomers ?? LIMITS.salottoMinParticipants),
      kind: single ? 'single' : 'salotto',
      providerId: payload.providerId ?? null,
      fromDate: payload.fromDate,
      toDate: payload.toDate,
      now: at,
      maxRangeDays: LIMITS.availableDaysMaxSpan + 1,
      holderKey: payload.holderKey,
    };
  });
  // The day of her hold (these services) stays available to her, whatever else that day has.
  const hold = payload.holderKey ? await liveHoldOf(db, payload.holderKey, at) : null;
  const ownDay =
    hold &&
    holdMatches(hold, {
      ...asked,
      serviceIds: payload.services,
      hairLength: extras.hairLength,
      point: payload.bookingLocation.coordinates,
      startDate: hold.row.startDate,
      providerId: payload.providerId ?? null,
    })
      ? hold.row.startDate
      : null;
  return c.json(ok({ days: days.map((day) => (day.date === ownDay ? { ...day, available: true } : day)) }));
});

function storeHandler(kind: BookingKind) {
  const bookingCall = kind === 'salotto' ? createSalottoBookingCall : createBookingCall;
  const couponCall = kind === 'salotto' ? checkSalottoCouponCall : checkCouponCall;
  return async (c: Context<AppEnv>) => {
    const { onlyCheckCoupon } = readQuery(c, bookingCall.query);
    const body = await readBody(c);
    const extras = parseInput(extrasSchema, body);
    const { db, now, config } = c.var.deps;
    const signedIn = await optionalUser(c);
    const at = now();

    if (onlyCheckCoupon === '1') {
      const payload = parseInput(couponCall.payload, body);
      await enforceRateLimit(c, 'checkCoupon', payload.email.trim() || undefined);
      const participants =
        'numberOfCustomers' in payload && typeof payload.numberOfCustomers === 'number' ? payload.numberOfCustomers : 1;
      const draft: BookingDraftInput = {
        kind,
        serviceIds: payload.services,
        location: payload.location,
        startDate: payload.startDate,
        startTime: payload.startTime ?? null,
        providerId: payload.providerId ?? null,
        couponCode: payload.couponCode,
        participants,
        hairLength: extras.hairLength,
        email: payload.email.trim() || null,
        signedIn,
        now: at,
        holderKey: payload.holderKey,
      };
      return c.json(ok(await checkCoupon(db, draft)));
    }

    const payload = parseInput(bookingCall.payload, body);
    await enforceRateLimit(c, 'storeBooking', payload.email);
    const header = c.req.header('idempotency-key');
    const idempotencyKey = payload.idempotencyKey ?? (header ? parseInput(idempotencyHeader, header) : null);
    const participants =
      'numberOfCustomers' in payload && typeof payload.numberOfCustomers === 'number' ? payload.numberOfCustomers : 1;
    const result = await storeBooking(db, {
      draft: {
        kind,
        serviceIds: payload.services,
        location: payload.location,
        startDate: payload.startDate,
        startTime: payload.startTime,
        providerId: payload.providerId,
        couponCode: payload.couponCode,
        participants,
        hairLength: extras.hairLength,
        email: payload.email,
        signedIn,
        now: at,
        holderKey: payload.holderKey,
      },
      details: {
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: payload.email,
        phoneNumber: payload.phoneNumber,
        doorbellName: payload.doorbellName,
        notes: payload.notes,
        allergies: payload.allergies,
        fitToPlead: payload.fitToPlead,
        allowMarketing: payload.allowMarketing,
        isManualFlow: payload.isManualFlow,
        utm: {
          source: payload.utm_source,
          medium: payload.utm_medium,
          campaign: payload.utm_campaign,
          content: payload.utm_content,
        },
      },
      idempotencyKey,
      idempotencyFingerprint: idempotencyKey ? requestFingerprint(kind, payload, extras.hairLength) : null,
      appUrl: config.appUrl,
    });
    // The e-mail is in the outbox with what it announces; it goes once the reply is on its way.
    if (result.outboxId) deliverAfterReply(c.var.deps, result.outboxId);
    return c.json(ok(result.body), result.status);
  };
}

bookingRoutes.post(createBookingCall.route, storeHandler('single'));
bookingRoutes.post(createSalottoBookingCall.route, storeHandler('salotto'));
