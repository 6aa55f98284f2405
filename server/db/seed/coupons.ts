import type { Db } from '../client';
import { coupons, giftCards } from '../schema/coupons';
import { COUPONS, GIFT_CARDS } from '../../seed-data/coupons';
import { normalizeCode } from '../../domain/coupons';

/**
 * Promo codes (BENVENUTA10 first booking only, an expired one, a make-up-only one, a minimum
 * spend one) and the gift card REGALO50. Idempotent: a second run never resets a gift card's
 * balance.
 */
export async function seedCoupons(db: Db): Promise<void> {
  await db
    .insert(coupons)
    .values(
      COUPONS.map((c) => ({
        code: normalizeCode(c.code),
        description: c.description,
        kind: c.kind,
        value: c.value,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        firstBookingOnly: c.firstBookingOnly,
        category: c.category,
        minSubtotal: c.minSubtotal,
      })),
    )
    .onConflictDoNothing({ target: coupons.code });
  await db
    .insert(giftCards)
    .values(
      GIFT_CARDS.map((g) => ({
        code: normalizeCode(g.code),
        description: g.description,
        initialBalance: g.initialBalance,
        balance: g.balance,
        validUntil: g.validUntil,
      })),
    )
    .onConflictDoNothing({ target: giftCards.code });
}
