import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RateLimitAction, RateLimitConfig } from '../../../server/config';
import { API_MESSAGES } from '../../../server/messages';
import { rateLimits } from '../../../server/db/schema/accounts';
import { hitRateLimit, sweepRateLimits } from '../../../server/services/rate-limit';
import { createSignupToken } from '../../../server/services/user-tokens';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, errorOf, PALERMO, PASSWORD } from '../helpers/fixtures';
import { GENEROUS_RATE_LIMITS } from '../helpers/test-app';

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
    it('blocks a fourth attempt on one e-mail from any IP with 429 and Retry-After, until the window ends', async () => {
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
      expect(errorOf(blocked)).toBe(API_MESSAGES.tooManyRequests);
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
