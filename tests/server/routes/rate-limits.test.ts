import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RateLimitAction, RateLimitConfig } from '../../../server/config/config';
import { API_MESSAGES } from '../../../server/http/messages';
import { rateLimits } from '../../../server/db/schema/accounts';
import { hitRateLimit, sweepRateLimits } from '../../../server/http/rate-limit-store';
import { createSignupToken } from '../../../server/accounts/user-tokens';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, errorOf, PALERMO, PASSWORD } from '../helpers/fixtures';
import { GENEROUS_RATE_LIMITS } from '../helpers/test-app';
import { bookingPayload, seedBookingData } from './booking-fixtures';

const MINUTE = 60_000;

/** Small limits for one action: 3 per e-mail, 5 per IP, in 10-minute windows. */
const tight = (action: RateLimitAction): RateLimitConfig => ({
  ...GENEROUS_RATE_LIMITS,
  [action]: {
    perIp: { limit: 5, windowMs: 10 * MINUTE },
    perEmail: { limit: 3, windowMs: 10 * MINUTE },
  },
});

const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

describeEachDb('rate limits', (t) => {
  describe('POST /login', () => {
    it('slows one address guessing one account exponentially, while its owner logs in from her own address', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const app = t.app();
      const guess = () =>
        call(app, 'POST', '/login', { headers: fromIp('10.6.6.6'), body: { email: 'anna@example.it', password: 'x' } });
      for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(401);
      // After five failures that address waits 1 s, then 2 s, 4 s … before each new guess.
      const blocked = await guess();
      expect(blocked.status).toBe(429);
      expect(errorOf(blocked)).toBe(API_MESSAGES.tooManyRequests);
      expect(blocked.headers.get('retry-after')).toBe('1');
      t.clock.advance(1000);
      expect((await guess()).status).toBe(401);
      expect((await guess()).headers.get('retry-after')).toBe('2');
      t.clock.advance(2000);
      expect((await guess()).status).toBe(401);
      expect((await guess()).headers.get('retry-after')).toBe('4');

      // Meanwhile the owner, from her address, is not locked out.
      const owner = await call(app, 'POST', '/login', {
        headers: fromIp('10.1.1.1'),
        body: { email: 'anna@example.it', password: PASSWORD },
      });
      expect(owner.status).toBe(200);
    });

    it('blocks one account after many attempts from any IP only past a high backstop', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const app = t.app({ config: { rateLimits: tight('login') } });
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        const reply = await call(app, 'POST', '/login', {
          headers: fromIp(ip),
          body: { email: 'anna@example.it', password: 'sbagliata' },
        });
        expect(reply.status).toBe(401);
      }
      const blocked = await call(app, 'POST', '/login', {
        headers: fromIp('10.0.0.4'),
        body: { email: 'anna@example.it', password: PASSWORD },
      });
      expect(blocked.status).toBe(429);
      // The clock stands at 09:00, the start of a 10-minute window.
      expect(blocked.headers.get('retry-after')).toBe('600');
      t.clock.advance(10 * MINUTE);
      const later = await call(app, 'POST', '/login', {
        headers: fromIp('10.0.0.4'),
        body: { email: 'anna@example.it', password: PASSWORD },
      });
      expect(later.status).toBe(200);
    });

    it('blocks a sixth attempt from one IP whatever the e-mail', async () => {
      const app = t.app({ config: { rateLimits: tight('login') } });
      for (let i = 0; i < 5; i++) {
        const reply = await call(app, 'POST', '/login', {
          headers: fromIp('10.0.0.9'),
          body: { email: `u${i}@example.it`, password: 'x' },
        });
        expect(reply.status).toBe(401);
      }
      const blocked = await call(app, 'POST', '/login', {
        headers: fromIp('10.0.0.9'),
        body: { email: 'altra@example.it', password: 'x' },
      });
      expect(blocked.status).toBe(429);
      const otherIp = await call(app, 'POST', '/login', {
        headers: fromIp('10.0.0.10'),
        body: { email: 'altra@example.it', password: 'x' },
      });
      expect(otherIp.status).toBe(401);
    });

    it('shares the counters between API processes on one database', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const first = t.app({ config: { rateLimits: tight('login') } });
      const second = t.app({ config: { rateLimits: tight('login') } });
      for (const app of [first, second, first]) {
        await call(app, 'POST', '/login', {
          body: { email: 'anna@example.it', password: 'sbagliata' },
        });
      }
      expect(
        (
          await call(second, 'POST', '/login', {
            body: { email: 'anna@example.it', password: PASSWORD },
          })
        ).status,
      ).toBe(429);
    });
  });

  describe('POST /bookings/store and its coupon check', () => {
    it('stops guessing codes from one address after the limit, with 429', async () => {
      await seedBookingData(t.db);
      const app = t.app({ config: { rateLimits: tight('checkCoupon') } });
      const check = (code: string, ip = '10.7.7.7') =>
        call(app, 'POST', '/bookings/store?onlyCheckCoupon=1', {
          headers: fromIp(ip),
          body: bookingPayload({ couponCode: code, email: '' }),
        });
      for (let i = 0; i < 5; i++) expect((await check(`REGALO${i}`)).status).toBe(400);
      const blocked = await check('REGALO50');
      expect(blocked.status).toBe(429);
      expect(errorOf(blocked)).toBe(API_MESSAGES.tooManyRequests);
      expect(blocked.headers.get('retry-after')).not.toBeNull();
      expect((await check('REGALO50', '10.8.8.8')).status).toBe(200);
    });

    it('limits bookings per address and per e-mail', async () => {
      await seedBookingData(t.db);
      const app = t.app({ config: { rateLimits: tight('storeBooking') } });
      const times = ['09:00', '10:00', '11:00', '12:00'];
      for (const startTime of times.slice(0, 3))
        expect(
          (
            await call(app, 'POST', '/bookings/store', {
              body: bookingPayload({ startTime, email: 'rita@example.it' }),
            })
          ).status,
        ).not.toBe(429);
      const blocked = await call(app, 'POST', '/bookings/store', {
        body: bookingPayload({ startTime: times[3], email: 'rita@example.it' }),
      });
      expect(blocked.status).toBe(429);
    });
  });

  describe('POST /ask-reset-password', () => {
    it('stops sending after the limit, with 429', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const app = t.app({ config: { rateLimits: tight('askResetPassword') } });
      for (let i = 0; i < 3; i++)
        expect((await call(app, 'POST', '/ask-reset-password', { body: { email: 'anna@example.it' } })).status).toBe(
          200,
        );
      const blocked = await call(app, 'POST', '/ask-reset-password', {
        body: { email: 'anna@example.it' },
      });
      expect(blocked.status).toBe(429);
      expect(t.mailer.sent).toHaveLength(3);
    });
  });

  describe('POST /subscribe-to-list', () => {
    it('answers 429 after the limit', async () => {
      const app = t.app({ config: { rateLimits: tight('subscribeToList') } });
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await call(app, 'POST', '/subscribe-to-list', {
              body: { email: 'anna@example.it', location: PALERMO },
            })
          ).status,
        ).toBe(200);
      }
      expect(
        (
          await call(app, 'POST', '/subscribe-to-list', {
            body: { email: 'anna@example.it', location: PALERMO },
          })
        ).status,
      ).toBe(429);
    });
  });

  describe('POST /complete-signup', () => {
    it('limits guessing tokens from one IP', async () => {
      const app = t.app({ config: { rateLimits: tight('completeSignup') } });
      for (let i = 0; i < 5; i++) {
        const reply = await call(app, 'POST', '/complete-signup', {
          headers: fromIp('10.1.1.1'),
          body: { signupToken: `tentativo-${i}`, password: 'Password1' },
        });
        expect(reply.status).toBe(400);
      }
      const blocked = await call(app, 'POST', '/complete-signup', {
        headers: fromIp('10.1.1.1'),
        body: { signupToken: 'tentativo-6', password: 'Password1' },
      });
      expect(blocked.status).toBe(429);
    });

    it('limits attempts on one account from many IPs', async () => {
      const user = await createUser(t.db, { password: null, firstName: null, lastName: null });
      const signupToken = await createSignupToken(t.db, user.id, t.clock.now());
      const app = t.app({ config: { rateLimits: tight('completeSignup') } });
      for (let i = 0; i < 3; i++) {
        // Names missing: refused without using the token up.
        const reply = await call(app, 'POST', '/complete-signup', {
          headers: fromIp(`10.2.0.${i}`),
          body: { signupToken, password: 'Password1' },
        });
        expect(reply.status).toBe(400);
      }
      const blocked = await call(app, 'POST', '/complete-signup', {
        headers: fromIp('10.2.0.9'),
        body: { signupToken, password: 'Password1', firstName: 'Sara', lastName: 'Conti' },
      });
      expect(blocked.status).toBe(429);
    });
  });

  describe('token links: an appointment’s manage token, a waitlist offer’s token', () => {
    const NO_ID = '0b6a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d';

    it('limits guessing a manage token from one IP, on every appointment route', async () => {
      const app = t.app({ config: { rateLimits: tight('manageAppointment') } });
      const guesses = [
        () => call(app, 'GET', `/appointments/${NO_ID}?token=t1`, { headers: fromIp('10.3.3.3') }),
        () =>
          call(app, 'POST', `/appointments/${NO_ID}/available-times?token=t2`, {
            headers: fromIp('10.3.3.3'),
            body: { startDate: '2026-03-04' },
          }),
        () =>
          call(app, 'POST', `/appointments/${NO_ID}/reminder?token=t3`, {
            headers: fromIp('10.3.3.3'),
            body: { twoHoursBefore: true },
          }),
        () =>
          call(app, 'POST', `/appointments/${NO_ID}/reschedule?token=t4`, {
            headers: fromIp('10.3.3.3'),
            body: { startDate: '2026-03-04', startTime: '10:00' },
          }),
        () => call(app, 'POST', `/appointments/${NO_ID}/cancel?token=t5`, { headers: fromIp('10.3.3.3') }),
      ];
      for (const guess of guesses) expect((await guess()).status).toBe(404);
      for (const guess of guesses) {
        const blocked = await guess();
        expect(blocked.status).toBe(429);
        expect(errorOf(blocked)).toBe(API_MESSAGES.tooManyRequests);
      }
    });

    it('limits guessing a waitlist offer’s token from one IP', async () => {
      const app = t.app({ config: { rateLimits: tight('openWaitlistOffer') } });
      const guess = (i: number) =>
        call(app, 'GET', `/waitlist/${NO_ID}?token=tentativo-${i}`, { headers: fromIp('10.4.4.4') });
      for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(404);
      const blocked = await guess(6);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).not.toBeNull();
    });
  });

  describe('counters', () => {
    it('are swept once their window is over', async () => {
      const rule = { limit: 1, windowMs: 10 * MINUTE };
      await hitRateLimit(t.db, 'login:ip:1', rule, t.clock.now());
      t.clock.advance(5 * MINUTE);
      await sweepRateLimits(t.db, t.clock.now());
      expect((await t.db.select({ n: count() }).from(rateLimits))[0]!.n).toBe(1);
      t.clock.advance(6 * MINUTE);
      await sweepRateLimits(t.db, t.clock.now());
      expect((await t.db.select({ n: count() }).from(rateLimits))[0]!.n).toBe(0);
    });
  });
});
