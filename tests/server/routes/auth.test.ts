import * as v from 'valibot';
import { expect, it, describe } from 'vitest';
import { authResponseSchema } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { API_MESSAGES } from '../../../server/http/messages';
import { SESSION_TTL_MS } from '../../../server/accounts/sessions';
import { createLoginToken, createUserToken } from '../../../server/accounts/user-tokens';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, PASSWORD, tokenFor } from '../helpers/fixtures';

describeEachDb('login', (t) => {
  describe('POST /login', () => {
    it('answers a token and the user, and the token opens GET /me', async () => {
      const app = t.app();
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const reply = await call(app, 'POST', '/login', {
        body: { email: 'anna@example.it', password: PASSWORD },
      });
      expect(reply.status).toBe(200);
      const data = v.parse(authResponseSchema, dataOf(reply));
      expect(data.user).toMatchObject({
        id: user.id,
        email: 'anna@example.it',
        accountEmail: 'anna@example.it',
        firstName: 'Anna',
      });
      const me = await call(app, 'GET', '/me', { token: data.token });
      expect(me.status).toBe(200);
      expect(dataOf<{ user: { id: string } }>(me).user.id).toBe(user.id);
    });

    it('accepts the e-mail in any case and with spaces around it', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const reply = await call(t.app(), 'POST', '/login', {
        body: { email: '  Anna@Example.IT ', password: PASSWORD },
      });
      expect(reply.status).toBe(200);
    });

    it('stores the password as an argon2id hash, never in clear', async () => {
      const user = await createUser(t.db);
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user.passwordHash).not.toContain(PASSWORD);
    });

    it('refuses a wrong password and an unknown e-mail with the same 401 and message', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const wrong = await call(t.app(), 'POST', '/login', {
        body: { email: 'anna@example.it', password: 'Sbagliata1' },
      });
      const unknown = await call(t.app(), 'POST', '/login', {
        body: { email: 'nessuno@example.it', password: PASSWORD },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(errorOf(wrong)).toBe(API_MESSAGES.wrongCredentials);
      expect(errorOf(unknown)).toBe(API_MESSAGES.wrongCredentials);
    });

    it('refuses an account that has no password yet (created by a booking)', async () => {
      await createUser(t.db, { email: 'nuova@example.it', password: null });
      const reply = await call(t.app(), 'POST', '/login', {
        body: { email: 'nuova@example.it', password: PASSWORD },
      });
      expect(reply.status).toBe(401);
      expect(errorOf(reply)).toBe(API_MESSAGES.wrongCredentials);
    });

    it.each([
      ['no e-mail', { password: PASSWORD }, MESSAGES.required],
      ['an empty e-mail', { email: '', password: PASSWORD }, MESSAGES.required],
      ['a malformed e-mail', { email: 'anna@', password: PASSWORD }, MESSAGES.invalidFormat],
      ['no password', { email: 'anna@example.it' }, MESSAGES.required],
      ['an empty password', { email: 'anna@example.it', password: '' }, MESSAGES.required],
      ['a number as password', { email: 'anna@example.it', password: 12345678 }, MESSAGES.required],
      ['a JSON string instead of an object', '"ciao"', MESSAGES.invalidValue],
    ])('answers 400 with the Italian message for %s', async (_case, body, message) => {
      const reply = await call(t.app(), 'POST', '/login', { body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });

    it('answers 400 to a body that is not JSON', async () => {
      const reply = await call(t.app(), 'POST', '/login', { body: '{"email": "anna@' });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(API_MESSAGES.badJson);
    });

    it('gives tokens that stop working after 30 days', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const app = t.app();
      const { token } = dataOf<{ token: string }>(
        await call(app, 'POST', '/login', {
          body: { email: 'anna@example.it', password: PASSWORD },
        }),
      );
      t.clock.advance(SESSION_TTL_MS - 60_000);
      expect((await call(app, 'GET', '/me', { token })).status).toBe(200);
      t.clock.advance(120_000);
      const expired = await call(app, 'GET', '/me', { token });
      expect(expired.status).toBe(401);
      expect(errorOf(expired)).toBe(API_MESSAGES.sessionExpired);
    });
  });

  describe('POST /logout', () => {
    it('ends the session on the server: the same token is refused afterwards', async () => {
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const token = await tokenFor(t.db, user, t.clock.now());
      const app = t.app();
      expect((await call(app, 'GET', '/me', { token })).status).toBe(200);
      const out = await call(app, 'POST', '/logout', { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ result: { success: true, data: {} } });
      expect((await call(app, 'GET', '/me', { token })).status).toBe(401);
      expect((await call(app, 'POST', '/logout', { token })).status).toBe(401);
    });
  });

  describe('POST /login/token', () => {
    it('signs in once with a login token', async () => {
      const user = await createUser(t.db);
      const loginToken = await createLoginToken(t.db, user.id, t.clock.now());
      const app = t.app();
      const reply = await call(app, 'POST', '/login/token', { body: { token: loginToken } });
      expect(reply.status).toBe(200);
      const data = v.parse(authResponseSchema, dataOf(reply));
      expect(data.user.id).toBe(user.id);
      expect((await call(app, 'GET', '/me', { token: data.token })).status).toBe(200);

      const again = await call(app, 'POST', '/login/token', { body: { token: loginToken } });
      expect(again.status).toBe(401);
      expect(errorOf(again)).toBe(API_MESSAGES.invalidLink);
    });

    it('refuses an expired login token (15 minutes)', async () => {
      const user = await createUser(t.db);
      const loginToken = await createLoginToken(t.db, user.id, t.clock.now());
      t.clock.advance(15 * 60_000 + 1);
      const reply = await call(t.app(), 'POST', '/login/token', { body: { token: loginToken } });
      expect(reply.status).toBe(401);
      expect(errorOf(reply)).toBe(API_MESSAGES.invalidLink);
    });

    it('refuses a password-reset token and an unknown token', async () => {
      const user = await createUser(t.db);
      const resetToken = await createUserToken(t.db, user.id, 'reset', t.clock.now());
      expect((await call(t.app(), 'POST', '/login/token', { body: { token: resetToken } })).status).toBe(401);
      expect((await call(t.app(), 'POST', '/login/token', { body: { token: 'inventato' } })).status).toBe(401);
    });

    it('answers 400 without a token', async () => {
      const reply = await call(t.app(), 'POST', '/login/token', { body: {} });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(MESSAGES.required);
    });
  });
});
