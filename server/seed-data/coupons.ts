/**
 * Seeded promo codes and gift cards. Codes are matched case-insensitively. Dates are local
 * (Europe/Rome) calendar days, both ends included.
 *
 * A coupon takes a percentage or a fixed amount off the services it applies to (all, or one
 * category's); it never touches the extra-hours supplement. A gift card is money: it pays any
 * part of the total, supplement included, and its balance goes down by what it paid.
 */
import type { Coupon, GiftCard } from '../domain/coupons';

export const COUPONS: readonly Coupon[] = [
  {
    code: 'BENVENUTA10',
    description: '10% di sconto sulla prima prenotazione',
    kind: 'percent',
    value: 10,
    validFrom: null,
    validUntil: null,
    firstBookingOnly: true,
    category: null,
    minSubtotal: 0,
  },
  {
    code: 'ESTATE2025',
    description: '15% di sconto per l’estate 2025',
    kind: 'percent',
    value: 15,
    validFrom: '2025-06-01',
    validUntil: '2025-09-30',
    firstBookingOnly: false,
    category: null,
    minSubtotal: 0,
  },
  {
    code: 'MAKEUP15',
    description: '15% di sconto sui servizi di make up',
    kind: 'percent',
    value: 15,
    validFrom: null,
    validUntil: '2027-12-31',
    firstBookingOnly: false,
    category: 'make-up',
    minSubtotal: 0,
  },
  {
    code: 'AMICA5',
    description: '5 € di sconto su una spesa di almeno 40 €',
    kind: 'amount',
    value: 5,
    validFrom: null,
    validUntil: null,
    firstBookingOnly: false,
    category: null,
    minSubtotal: 40,
  },
];

export const GIFT_CARDS: readonly GiftCard[] = [
  {
    code: 'REGALO50',
    description: 'Gift card da 50 €',
    initialBalance: 50,
    balance: 50,
    validUntil: null,
  },
];
