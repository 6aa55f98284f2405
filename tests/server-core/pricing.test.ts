import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages';
import {
  debitGiftCard,
  priceBooking,
  quoteBooking,
  resolveCode,
  type QuoteRequest,
} from '../../server/catalogue/pricing';
import { GIFT_CARDS } from '../../server/seed-data/coupons';
import { SERVICES } from '../../server/seed-data/catalogue';
import { COUPONS } from '../../server/seed-data/coupons';

/** The seeded catalogue and codes, as the database holds them after `npm run db:seed`. */
const SEEDED = { catalogue: SERVICES, coupons: COUPONS, giftCards: GIFT_CARDS };

const NOW = new Date('2026-11-22T10:00:00Z');
const guest = { now: NOW, isFirstBooking: true };
const returning = { now: NOW, isFirstBooking: false };
const quote = (request: Partial<QuoteRequest> & Pick<QuoteRequest, 'serviceIds'>) =>
  quoteBooking({ context: guest, ...SEEDED, ...request });

function ok<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(`expected success, got '${result.message}'`);
  return result.value;
}

describe('booking totals', () => {
  it('prices hair by length and adds the supplement', () => {
    const long = ok(
      quote({
        serviceIds: ['capelli-piega-liscia', 'capelli-maschera-idratante'],
        hairLength: 'long',
        supplement: 10,
      }),
    );
    expect(long).toMatchObject({
      servicesTotal: 50,
      supplement: 10,
      totalBeforeDiscount: 60,
      discount: 0,
      total: 60,
    });
    const short = ok(
      quote({
        serviceIds: ['capelli-piega-liscia', 'capelli-maschera-idratante'],
        hairLength: 'short',
      }),
    );
    expect(short.total).toBe(35);
    expect(short.services).toEqual([
      {
        serviceId: 'capelli-piega-liscia',
        name: 'Piega liscia',
        price: 25,
        listPrice: 25,
        durationMM: 35,
      },
      {
        serviceId: 'capelli-maschera-idratante',
        name: 'Maschera idratante',
        price: 10,
        listPrice: 10,
        durationMM: 10,
      },
    ]);
  });

  it('flags a marketing discount with its list price', () => {
    const [service] = ok(quote({ serviceIds: ['estetica-manicure-semipermanente'] })).services;
    expect(service).toEqual({
      serviceId: 'estetica-manicure-semipermanente',
      name: 'Manicure semipermanente',
      price: 30,
      listPrice: 35,
      durationMM: 50,
      isMarketingDiscount: true,
    });
  });

  it('counts a service on quote as 0 and refuses unknown services', () => {
    expect(ok(quote({ serviceIds: ['capelli-correzione-colore'] })).total).toBe(0);
    expect(quote({ serviceIds: ['nope'] })).toEqual({
      ok: false,
      message: MESSAGES.serviceUnavailable,
      field: 'services',
    });
    expect(quote({ serviceIds: [] })).toMatchObject({ ok: false, field: 'services' });
  });

  it('multiplies per-person prices for a group', () => {
    expect(ok(quote({ serviceIds: ['salotto-estetica-manicure'], participants: 4 })).total).toBe(80);
  });
});

describe('coupons', () => {
  it('takes 10% off the services (not the supplement) with BENVENUTA10 on a first booking', () => {
    const q = ok(
      quote({
        serviceIds: ['capelli-piega-liscia', 'capelli-maschera-idratante'],
        hairLength: 'long',
        supplement: 10,
        couponCode: ' benvenuta10 ',
      }),
    );
    expect(q).toMatchObject({
      totalBeforeDiscount: 60,
      discount: 5,
      total: 55,
      code: 'BENVENUTA10',
      codeKind: 'coupon',
    });
  });

  it('refuses BENVENUTA10 after the first booking', () => {
    expect(
      quote({
        serviceIds: ['capelli-piega-liscia'],
        couponCode: 'BENVENUTA10',
        context: returning,
      }),
    ).toEqual({
      ok: false,
      message: MESSAGES.couponFirstBookingOnly,
      field: 'couponCode',
    });
  });

  it('refuses an expired and an unknown code', () => {
    expect(quote({ serviceIds: ['capelli-piega-liscia'], couponCode: 'ESTATE2025' })).toMatchObject({
      ok: false,
      message: MESSAGES.couponExpired,
    });
    expect(resolveCode('ESTATE2025', { now: new Date('2025-07-01T10:00:00Z'), isFirstBooking: false }, SEEDED).ok).toBe(
      true,
    );
    expect(quote({ serviceIds: ['capelli-piega-liscia'], couponCode: 'SCONTONE' })).toMatchObject({
      ok: false,
      message: MESSAGES.couponInvalid,
    });
  });

  it('limits MAKEUP15 to make-up services', () => {
    expect(quote({ serviceIds: ['capelli-piega-liscia'], couponCode: 'MAKEUP15' })).toMatchObject({
      ok: false,
      message: MESSAGES.couponWrongCategory,
    });
    const q = ok(
      quote({
        serviceIds: ['makeup-trucco-sera', 'makeup-ciglia-ciuffetti'],
        couponCode: 'makeup15',
      }),
    );
    expect(q).toMatchObject({ totalBeforeDiscount: 65, discount: 9.75, total: 55.25 });
  });

  it('asks for the minimum spend of an amount coupon', () => {
    expect(quote({ serviceIds: ['estetica-manicure-classica'], couponCode: 'AMICA5' })).toMatchObject({
      ok: false,
      message: MESSAGES.couponMinimumSpend,
    });
    expect(ok(quote({ serviceIds: ['estetica-pulizia-viso'], couponCode: 'AMICA5' })).total).toBe(45);
  });
});

describe('gift card REGALO50', () => {
  const card = GIFT_CARDS.find((g) => g.code === 'REGALO50')!;
  const services = (ids: string[]) => ids.map((id) => SERVICES.find((s) => s.id === id)!);

  it('pays the whole total, supplement included, and keeps the rest of the balance', () => {
    const q = ok(
      priceBooking({
        services: services(['estetica-manicure-classica']),
        supplement: 10,
        code: { kind: 'gift-card', giftCard: card },
      }),
    );
    expect(q).toMatchObject({
      totalBeforeDiscount: 30,
      discount: 30,
      total: 0,
      giftCardDebit: 30,
      giftCardBalanceAfter: 20,
    });
  });

  it('pays up to its balance on a larger total, never below zero', () => {
    const q = ok(quote({ serviceIds: ['capelli-balayage-piega'], hairLength: 'long', couponCode: 'regalo50' }));
    expect(q).toMatchObject({
      totalBeforeDiscount: 150,
      discount: 50,
      total: 100,
      giftCardDebit: 50,
      giftCardBalanceAfter: 0,
    });
    expect(q.code).toBe('REGALO50');
  });

  it('decreases with use and is refused once spent', () => {
    const after = debitGiftCard(card.balance, 30);
    expect(after).toBe(20);
    const second = ok(
      quote({
        serviceIds: ['estetica-pulizia-viso'],
        couponCode: 'REGALO50',
        giftCards: [{ ...card, balance: after }],
      }),
    );
    expect(second).toMatchObject({ discount: 20, total: 30, giftCardBalanceAfter: 0 });
    expect(
      quote({
        serviceIds: ['estetica-pulizia-viso'],
        couponCode: 'REGALO50',
        giftCards: [{ ...card, balance: 0 }],
      }),
    ).toMatchObject({
      ok: false,
      message: MESSAGES.giftCardExhausted,
    });
  });
});
