/**
 * Promo codes and gift cards. Codes are matched case-insensitively (`normalizeCode`). Dates are
 * local (Europe/Rome) calendar days, both ends included.
 */
import type { ApiCategory } from '../../contract/constants';

/** How a code is stored and compared. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

export interface Coupon {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  /** Percent (10 = 10%) or euros. */
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  /** Only for a customer's first booking. */
  firstBookingOnly: boolean;
  /** Applies only to services of this category; null = every service. */
  category: ApiCategory | null;
  /** Services subtotal (euros) needed to use it; 0 = none. */
  minSubtotal: number;
}

export interface GiftCard {
  code: string;
  description: string;
  initialBalance: number;
  balance: number;
  validUntil: string | null;
}
