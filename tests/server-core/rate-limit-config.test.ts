import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../../server/config/config';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the rate limits of each limited action (docs/security.md)', () => {
  it('per address and per e-mail, in their windows', () => {
    const rule = (limit: number, windowMs: number) => ({ limit, windowMs });
    expect(DEFAULT_RATE_LIMITS).toEqual({
      login: { perIp: rule(30, 15 * MINUTE), perEmail: rule(100, 15 * MINUTE) },
      askResetPassword: { perIp: rule(20, HOUR), perEmail: rule(5, HOUR) },
      subscribeToList: { perIp: rule(30, HOUR), perEmail: rule(10, HOUR) },
      completeSignup: { perIp: rule(20, 15 * MINUTE), perEmail: rule(10, 15 * MINUTE) },
      storeBooking: { perIp: rule(30, 15 * MINUTE), perEmail: rule(10, 15 * MINUTE) },
      checkCoupon: { perIp: rule(30, 15 * MINUTE), perEmail: rule(30, 15 * MINUTE) },
      manageAppointment: { perIp: rule(60, 15 * MINUTE), perEmail: rule(60, 15 * MINUTE) },
      openWaitlistOffer: { perIp: rule(60, 15 * MINUTE), perEmail: rule(60, 15 * MINUTE) },
      holdSlot: { perIp: rule(60, 15 * MINUTE), perEmail: rule(30, 15 * MINUTE) },
      renewHold: { perIp: rule(120, 15 * MINUTE), perEmail: rule(20, 15 * MINUTE) },
      proSide: { perIp: rule(300, 15 * MINUTE), perEmail: rule(200, 15 * MINUTE) },
      calendarFeed: { perIp: rule(1200, HOUR), perEmail: rule(60, HOUR) },
    });
  });

  it('scaled for a test run: every limit times the factor, the windows kept', () => {
    const scaled = scaledRateLimits(100);
    expect(scaled.login).toEqual({
      perIp: { limit: 3000, windowMs: 15 * MINUTE },
      perEmail: { limit: 10_000, windowMs: 15 * MINUTE },
    });
    expect(scaled.askResetPassword.perEmail).toEqual({ limit: 500, windowMs: HOUR });
  });
});
