import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { completeSignupCall, tokenCheckResponseSchema } from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { API_MESSAGES } from '../../../server/http/messages';
import { createSignupToken, createUserToken } from '../../../server/accounts/user-tokens';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf, PASSWORD, tokenFor } from '../helpers/fixtures';

const DAY = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'GiardinoBlu2026';

describeEachDb('account completion', (t) => {
  describe('GET /check-signup-token', () => {
    it('answers the e-mail and requireName true when the account has no names', async () => {
      const user = await createUser(t.db, {
        email: 'nuova@example.it',
        password: null,
        firstName: null,
        lastName: null,
      });
      const token = await createSignupToken(t.db, user.id, t.clock.now());
      const reply = await call(t.app(), 'GET', `/check-signup-token?signupToken=${encodeURIComponent(token)}`);
      expect(reply.status).toBe(200);
      expect(v.parse(tokenCheckResponseSchema, dataOf(reply))).toEqual({
        email: 'nuova@example.it',
        requireName: true,
      });
    });

    it('answers requireName false when the booking already gave her names', async () => {
      const user = await createUser(t.db, { password: null });
      const token = await createSignupToken(t.db, user.id, t.clock.now());
      const reply = await call(t.app(), 'GET', `/check-signup-token?signupToken=${encodeURIComponent(token)}`);
      expect(dataOf(reply)).toMatchObject({ requireName: false });
    });

    it('refuses an unknown token, and a token older than 30 days', async () => {
      const user = await createUser(t.db, { password: null });
      const token = await createSignupToken(t.db, user.id, t.clock.now());
      const unknown = await call(t.app(), 'GET', '/check-signup-token?signupToken=abc');
      expect(unknown.status).toBe(400);
      expect(errorOf(unknown)).toBe(API_MESSAGES.invalidLink);
      t.clock.advance(30 * DAY - 1000);
      expect((await call(t.app(), 'GET', `/check-signup-token?signupToken=${token}`)).status).toBe(200);
      t.clock.advance(2000);
      expect((await call(t.app(), 'GET', `/check-signup-token?signupToken=${token}`)).status).toBe(400);
    });

    it('answers 400 without the query parameter', async () => {
      const reply = await call(t.app(), 'GET', '/check-signup-token');
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(MESSAGES.required);
    });
  });

  describe('GET /check-reset-token', () => {
    it('accepts a reset token with its e-mail (any case)', async () => {
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const token = await createUserToken(t.db, user.id, 'reset', t.clock.now());
      const reply = await call(
        t.app(),
        'GET',
        `/check-reset-token?token=${token}&email=${encodeURIComponent('Anna@Example.it')}`,
      );
      expect(reply.status).toBe(200);
      expect(dataOf(reply)).toEqual({ email: 'anna@example.it', requireName: false });
    });

    it('accepts a signup token too (both links open /reset-password)', async () => {
      const user = await createUser(t.db, {
        email: 'nuova@example.it',
        password: null,
        firstName: null,
      });
      const token = await createSignupToken(t.db, user.id, t.clock.now());
      const reply = await call(t.app(), 'GET', `/check-reset-token?token=${token}&email=nuova@example.it`);
      expect(dataOf(reply)).toEqual({ email: 'nuova@example.it', requireName: true });
    });

    it('refuses a token sent with another e-mail, and one older than an hour', async () => {
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const token = await createUserToken(t.db, user.id, 'reset', t.clock.now());
      const mismatch = await call(t.app(), 'GET', `/check-reset-token?token=${token}&email=altra@example.it`);
      expect(mismatch.status).toBe(400);
      expect(errorOf(mismatch)).toBe(API_MESSAGES.invalidLink);
      t.clock.advance(60 * 60 * 1000 + 1);
      expect((await call(t.app(), 'GET', `/check-reset-token?token=${token}&email=anna@example.it`)).status).toBe(400);
    });

    it.each([
      ['no token', '?email=anna@example.it', MESSAGES.required],
      ['no e-mail', '?token=abc', MESSAGES.required],
      ['a malformed e-mail', '?token=abc&email=anna', MESSAGES.invalidFormat],
    ])('answers 400 for %s', async (_case, query, message) => {
      const reply = await call(t.app(), 'GET', `/check-reset-token${query}`);
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });
  });

  describe('POST /complete-signup', () => {
    it('sets the password and names, answers a token and the user, and the password then logs in', async () => {
      const user = await createUser(t.db, {
        email: 'nuova@example.it',
        password: null,
        firstName: null,
        lastName: null,
      });
      const signupToken = await createSignupToken(t.db, user.id, t.clock.now());
      const app = t.app();
      const reply = await call(app, 'POST', '/complete-signup', {
        body: { signupToken, password: NEW_PASSWORD, firstName: ' Sara ', lastName: 'Conti' },
      });
      expect(reply.status).toBe(200);
      const data = v.parse(completeSignupCall.response, dataOf(reply));
      expect(data.user).toMatchObject({
        id: user.id,
        email: 'nuova@example.it',
        firstName: 'Sara',
        lastName: 'Conti',
      });
      expect((await call(app, 'GET', '/me', { token: data.token })).status).toBe(200);
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { email: 'nuova@example.it', password: NEW_PASSWORD },
          })
        ).status,
      ).toBe(200);
    });

    it('keeps the names she has when they are not required', async () => {
      const user = await createUser(t.db, { password: null });
      const signupToken = await createSignupToken(t.db, user.id, t.clock.now());
      const reply = await call(t.app(), 'POST', '/complete-signup', {
        body: { signupToken, password: NEW_PASSWORD },
      });
      expect(dataOf<{ user: unknown }>(reply).user).toMatchObject({
        firstName: 'Anna',
        lastName: 'Verdi',
      });
    });

    it('requires names when the account has none, without using the token up', async () => {
      const user = await createUser(t.db, { password: null, firstName: null, lastName: null });
      const signupToken = await createSignupToken(t.db, user.id, t.clock.now());
      const app = t.app();
      const reply = await call(app, 'POST', '/complete-signup', {
        body: { signupToken, password: NEW_PASSWORD, firstName: 'Sara' },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(MESSAGES.required);
      const retry = await call(app, 'POST', '/complete-signup', {
        body: { signupToken, password: NEW_PASSWORD, firstName: 'Sara', lastName: 'Conti' },
      });
      expect(retry.status).toBe(200);
    });

    it('refuses a password of spaces and the commonest passwords, without using the token up', async () => {
      const user = await createUser(t.db, { password: null });
      const token = await createSignupToken(t.db, user.id, t.clock.now());
      const app = t.app();
      const set = (password: string) =>
        call(app, 'POST', '/complete-signup', { body: { signupToken: token, password } });
      const spaces = await set('        ');
      expect(spaces.status).toBe(400);
      expect(errorOf(spaces)).toBe('Almeno 8 caratteri');
      for (const common of ['password', '12345678', 'qwertyuiop', 'ciaociao']) {
        const reply = await set(common);
        expect(reply.status, common).toBe(400);
        expect(errorOf(reply)).toBe(API_MESSAGES.weakPassword);
      }
      expect((await set('Mia-password-2026')).status).toBe(200);
    });

    it('refuses her e-mail, its local part and her names as the password (or inside it), without using the token up', async () => {
      const user = await createUser(t.db, {
        email: 'lucia.neri@example.it',
        password: null,
        firstName: 'Lucìa',
        lastName: 'Neri',
      });
      const token = await createSignupToken(t.db, user.id, t.clock.now());
      const app = t.app();
      const set = (password: string, names: Record<string, string> = {}) =>
        call(app, 'POST', '/complete-signup', { body: { signupToken: token, password, ...names } });
      for (const mine of [
        'lucia.neri@example.it',
        'Lucia.Neri@Example.it',
        'lucia.neri',
        'lucianeri',
        'Lucia.Neri#2026',
        'Sole-Lucia-Mare',
        'NERI-neri-1234',
      ]) {
        const reply = await set(mine);
        expect(reply.status, mine).toBe(400);
        expect(errorOf(reply), mine).toBe(API_MESSAGES.personalPassword);
      }
      // Names given now count as hers, as the stored ones do.
      const renamed = await set('Giovanna#Bosco77', { firstName: 'Giovanna', lastName: 'Bianchi' });
      expect(errorOf(renamed)).toBe(API_MESSAGES.personalPassword);
      expect((await set('Mia-password-2026')).status).toBe(200);
    });

    it('refuses her e-mail as the password through a reset link too', async () => {
      const user = await createUser(t.db, { email: 'marta.galli@example.it', firstName: 'Marta', lastName: 'Galli' });
      const token = await createUserToken(t.db, user.id, 'reset', t.clock.now());
      const app = t.app();
      const reply = await call(app, 'POST', '/complete-signup', {
        body: { signupToken: token, password: 'marta.galli@example.it' },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(API_MESSAGES.personalPassword);
      const galli = await call(app, 'POST', '/complete-signup', {
        body: { signupToken: token, password: 'Galli2026!' },
      });
      expect(errorOf(galli)).toBe(API_MESSAGES.personalPassword);
      expect(
        (await call(app, 'POST', '/complete-signup', { body: { signupToken: token, password: NEW_PASSWORD } })).status,
      ).toBe(200);
    });

    it('refuses a token used once already', async () => {
      const user = await createUser(t.db, { password: null });
      const signupToken = await createSignupToken(t.db, user.id, t.clock.now());
      const app = t.app();
      expect(
        (
          await call(app, 'POST', '/complete-signup', {
            body: { signupToken, password: NEW_PASSWORD },
          })
        ).status,
      ).toBe(200);
      const again = await call(app, 'POST', '/complete-signup', {
        body: { signupToken, password: 'AltraPassword2' },
      });
      expect(again.status).toBe(400);
      expect(errorOf(again)).toBe(API_MESSAGES.invalidLink);
      expect((await call(app, 'GET', `/check-signup-token?signupToken=${signupToken}`)).status).toBe(400);
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { email: user.email, password: 'AltraPassword2' },
          })
        ).status,
      ).toBe(401);
    });

    it('refuses an expired signup token', async () => {
      const user = await createUser(t.db, { password: null });
      const signupToken = await createSignupToken(t.db, user.id, t.clock.now());
      t.clock.advance(31 * DAY);
      const reply = await call(t.app(), 'POST', '/complete-signup', {
        body: { signupToken, password: NEW_PASSWORD },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(API_MESSAGES.invalidLink);
    });

    it('with a reset token: changes the password, ends her other sessions and voids her other links', async () => {
      const user = await createUser(t.db, { email: 'anna@example.it' });
      const oldSession = await tokenFor(t.db, user, t.clock.now());
      const first = await createUserToken(t.db, user.id, 'reset', t.clock.now());
      const second = await createUserToken(t.db, user.id, 'reset', t.clock.now());
      const app = t.app();
      const reply = await call(app, 'POST', '/complete-signup', {
        body: { signupToken: second, password: NEW_PASSWORD },
      });
      expect(reply.status).toBe(200);
      expect((await call(app, 'GET', '/me', { token: oldSession })).status).toBe(401);
      expect((await call(app, 'GET', '/me', { token: dataOf<{ token: string }>(reply).token })).status).toBe(200);
      expect(
        (
          await call(app, 'POST', '/complete-signup', {
            body: { signupToken: first, password: 'AltraPassword2' },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { email: 'anna@example.it', password: PASSWORD },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { email: 'anna@example.it', password: NEW_PASSWORD },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses a login token', async () => {
      const user = await createUser(t.db);
      const loginToken = await createUserToken(t.db, user.id, 'login', t.clock.now());
      const reply = await call(t.app(), 'POST', '/complete-signup', {
        body: { signupToken: loginToken, password: NEW_PASSWORD },
      });
      expect(reply.status).toBe(400);
    });

    it.each([
      ['a password shorter than 8 characters', { signupToken: 'abc', password: 'corta' }, MESSAGES.passwordTooShort],
      ['no password', { signupToken: 'abc' }, MESSAGES.required],
      ['no token', { password: NEW_PASSWORD }, MESSAGES.required],
    ])('answers 400 for %s', async (_case, body, message) => {
      const reply = await call(t.app(), 'POST', '/complete-signup', { body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });
  });
});
