/**
 * Server-side booking totals (SPEC §9): the sum of the primary and secondary services' prices
 * (hair priced by length) plus the extra-hours supplement when above 0, minus the coupon or
 * gift-card discount when above 0, never below 0. The client's figures are never trusted.
 *
 * Money is summed in integer cents and returned as euros with two decimals at most.
 * A coupon discounts services only (all of them, or one category's), never the supplement;
 * a gift card is money and pays any part of the total, supplement included: its balance goes
 * down by `giftCardDebit` when the booking is stored (not on a coupon check).
 */
import type { BookedService } from '../../contract/booking';
import type { ApiCategory, HairLength } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { normalizeCode, type Coupon, type GiftCard } from '../domain/coupons';
import type { CatalogueService } from '../domain/catalogue';
import { findService, serviceDuration, serviceListPrice, servicePrice } from './catalogue';
import { TIME_ZONE, localToday } from '../domain/time';

export type ResolvedCode = { kind: 'coupon'; coupon: Coupon } | { kind: 'gift-card'; giftCard: GiftCard };

export interface CodeContext {
  now: Date | number;
  /** True when the customer has no earlier booking (guests: no booking with their e-mail). */
  isFirstBooking: boolean;
  timeZone?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

export interface Quote {
  /** What the customer pays on site. */
  total: number;
  /** Services + supplement. */
  totalBeforeDiscount: number;
  discount: number;
  /** Services only (per person × participants). */
  servicesTotal: number;
  supplement: number;
  services: BookedService[];
  /** The code applied, normalised (upper case), or null. */
  code: string | null;
  codeKind: 'coupon' | 'gift-card' | null;
  /** Euros to take off the gift card's balance when the booking is stored. */
  giftCardDebit: number;
  giftCardBalanceAfter: number | null;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => c / 100;

/** Finds a promo code or gift card and checks it can be used now by this customer. */
export function resolveCode(
  rawCode: string,
  context: CodeContext,
  source: { coupons: readonly Coupon[]; giftCards: readonly GiftCard[] },
): Result<ResolvedCode> {
  const code = normalizeCode(rawCode);
  const today = localToday(context.now, context.timeZone ?? TIME_ZONE);
  const giftCard = source.giftCards.find((g) => normalizeCode(g.code) === code);
  if (giftCard) {
    if (giftCard.validUntil !== null && today > giftCard.validUntil)
      return { ok: false, message: MESSAGES.couponExpired };
    if (cents(giftCard.balance) <= 0) return { ok: false, message: MESSAGES.giftCardExhausted };
    return { ok: true, value: { kind: 'gift-card', giftCard } };
  }
  const coupon = source.coupons.find((c) => normalizeCode(c.code) === code);
  if (!coupon || code === '') return { ok: false, message: MESSAGES.couponInvalid };
  if (coupon.validUntil !== null && today > coupon.validUntil) return { ok: false, message: MESSAGES.couponExpired };
  if (coupon.validFrom !== null && today < coupon.validFrom) return { ok: false, message: MESSAGES.couponNotYetValid };
  if (coupon.firstBookingOnly && !context.isFirstBooking) {
    return { ok: false, message: MESSAGES.couponFirstBookingOnly };
  }
  return { ok: true, value: { kind: 'coupon', coupon } };
}

export interface PriceInput {
  /** The primary service first, then the secondary ones. */
  services: readonly CatalogueService[];
  hairLength?: HairLength | null;
  /** Extra-hours supplement of the chosen slot, euros. */
  supplement?: number;
  code?: ResolvedCode | null;
  /** Group bookings: prices are per person. Default 1. */
  participants?: number;
}

/** Prices a booking; fails only when a coupon does not apply to these services. */
export function priceBooking(input: PriceInput): Result<Quote> {
  const participants = Math.max(1, Math.floor(input.participants ?? 1));
  const hairLength = input.hairLength ?? null;
  const services: BookedService[] = input.services.map((s) => {
    const price = servicePrice(s, hairLength);
    const listPrice = Math.max(price, serviceListPrice(s, hairLength));
    return {
      serviceId: s.id,
      name: s.name,
      price,
      listPrice,
      durationMM: serviceDuration(s, hairLength),
      ...(cents(listPrice) > cents(price) ? { isMarketingDiscount: true } : {}),
    };
  });
  const servicesCents = services.reduce((sum, s) => sum + cents(s.price), 0) * participants;
  const supplementCents = Math.max(0, cents(input.supplement ?? 0));
  const beforeCents = servicesCents + supplementCents;

  let discountCents = 0;
  let giftCardDebitCents = 0;
  const code = input.code ?? null;
  if (code?.kind === 'coupon') {
    const { coupon } = code;
    const eligible = (category: ApiCategory) => coupon.category === null || coupon.category === category;
    const eligibleCents =
      input.services.reduce((sum, s) => sum + (eligible(s.category) ? cents(servicePrice(s, hairLength)) : 0), 0) *
      participants;
    if (coupon.category !== null && eligibleCents === 0) return { ok: false, message: MESSAGES.couponWrongCategory };
    if (servicesCents < cents(coupon.minSubtotal)) return { ok: false, message: MESSAGES.couponMinimumSpend };
    discountCents =
      coupon.kind === 'percent'
        ? Math.round((eligibleCents * coupon.value) / 100)
        : Math.min(cents(coupon.value), eligibleCents);
  } else if (code?.kind === 'gift-card') {
    giftCardDebitCents = Math.min(cents(code.giftCard.balance), beforeCents);
    discountCents = giftCardDebitCents;
  }
  discountCents = Math.max(0, Math.min(discountCents, beforeCents));

  return {
    ok: true,
    value: {
      total: euros(Math.max(0, beforeCents - discountCents)),
      totalBeforeDiscount: euros(beforeCents),
      discount: euros(discountCents),
      servicesTotal: euros(servicesCents),
      supplement: euros(supplementCents),
      services,
      code: code ? normalizeCode(code.kind === 'coupon' ? code.coupon.code : code.giftCard.code) : null,
      codeKind: code?.kind ?? null,
      giftCardDebit: euros(giftCardDebitCents),
      giftCardBalanceAfter:
        code?.kind === 'gift-card' ? euros(cents(code.giftCard.balance) - giftCardDebitCents) : null,
    },
  };
}

export interface QuoteRequest {
  serviceIds: readonly string[];
  hairLength?: HairLength | null;
  supplement?: number;
  couponCode?: string | null;
  participants?: number;
  context: CodeContext;
  catalogue: readonly CatalogueService[];
  coupons: readonly Coupon[];
  giftCards: readonly GiftCard[];
}

export type QuoteFailure = { ok: false; message: string; field: 'services' | 'couponCode' };

/**
 * From the ids the app sends to the figures the booking stores: looks the services up, resolves
 * the code (an empty code means none) and prices. `field` says where the app shows the error.
 */
export function quoteBooking(request: QuoteRequest): { ok: true; value: Quote } | QuoteFailure {
  const catalogue = request.catalogue;
  const services: CatalogueService[] = [];
  for (const id of request.serviceIds) {
    const service = findService(id, catalogue);
    if (!service) return { ok: false, message: MESSAGES.serviceUnavailable, field: 'services' };
    services.push(service);
  }
  if (services.length === 0) return { ok: false, message: MESSAGES.selectAtLeastOneService, field: 'services' };
  let code: ResolvedCode | null = null;
  const raw = request.couponCode?.trim() ?? '';
  if (raw !== '') {
    const resolved = resolveCode(raw, request.context, request);
    if (!resolved.ok) return { ...resolved, field: 'couponCode' };
    code = resolved.value;
  }
  const priced = priceBooking({
    services,
    hairLength: request.hairLength ?? null,
    supplement: request.supplement ?? 0,
    code,
    participants: request.participants ?? 1,
  });
  return priced.ok ? priced : { ...priced, field: 'couponCode' };
}

/** Applies a gift-card debit to a balance (what the store route writes back). */
export function debitGiftCard(balance: number, debit: number): number {
  return euros(Math.max(0, cents(balance) - cents(debit)));
}
