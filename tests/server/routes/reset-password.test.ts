import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import { createOutboxMailer } from '../../../server/mail/transports';
import { describeEachDb } from '../helpers/databases';
import { call, createUser, dataOf, errorOf } from '../helpers/fixtures';
import { readMail } from '../helpers/mime';
import { TEST_APP_URL } from '../helpers/test-app';

/** The token and e-mail of the /reset-password link in a message. */
function linkParams(text: string) {
  const match = /(http:\/\/app\.musa\.test\/reset-password\?\S+)/.exec(text);
  if (!match) throw new Error('no reset link in the message');
  const url = new URL(match[1]!);
  return { url, token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}

describeEachDb('password reset', (t) => {
  describe('POST /ask-reset-password', () => {
    it('e-mails a known customer an Italian message with a /reset-password link', async () => {
      await createUser(t.db, { email: 'anna@example.it', firstName: 'Anna' });
      const reply = await call(t.app(), 'POST', '/ask-reset-password', {
        body: { email: 'Anna@Example.it' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ result: { success: true, data: {} } });
      expect(t.mailer.sent).toHaveLength(1);
      const mail = t.mailer.sent[0]!;
      expect(mail.to).toBe('anna@example.it');
      expect(mail.subject).toBe('Scegli la tua nuova password Musa');
      expect(mail.text).toContain('Ciao Anna,');
      const { url, token, email } = linkParams(mail.text);
      expect(`${url.origin}${url.pathname}`).toBe(`${TEST_APP_URL}/reset-password`);
      expect(email).toBe('anna@example.it');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.html).toContain(TEST_APP_URL);
    });

    it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const known = await call(t.app(), 'POST', '/ask-reset-password', {
        body: { email: 'anna@example.it' },
      });
      const unknown = await call(t.app(), 'POST', '/ask-reset-password', {
        body: { email: 'nessuno@example.it' },
      });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(t.mailer.sent.map((m) => m.to)).toEqual(['anna@example.it']);
    });

    it('answers the same when the mail server fails, and logs the failure', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const app = t.app({ mailer: { send: () => Promise.reject(new Error('SMTP giù')) } });
      const reply = await call(app, 'POST', '/ask-reset-password', {
        body: { email: 'anna@example.it' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ result: { success: true, data: {} } });
      expect(t.logger.lines.some((l) => l.level === 'error' && l.message === 'reset e-mail not sent')).toBe(true);
    });

    it('gives a link that checks, sets the new password once, and expires after an hour', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const app = t.app();
      await call(app, 'POST', '/ask-reset-password', { body: { email: 'anna@example.it' } });
      const { token, email } = linkParams(t.mailer.sent[0]!.text);
      const check = await call(app, 'GET', `/check-reset-token?token=${token}&email=${encodeURIComponent(email)}`);
      expect(dataOf(check)).toEqual({ email: 'anna@example.it', requireName: false });
      const done = await call(app, 'POST', '/complete-signup', {
        body: { signupToken: token, password: 'NuovaPassword1' },
      });
      expect(done.status).toBe(200);
      expect((await call(app, 'POST', '/login', { body: { email, password: 'NuovaPassword1' } })).status).toBe(200);

      await call(app, 'POST', '/ask-reset-password', { body: { email: 'anna@example.it' } });
      const second = linkParams(t.mailer.sent[1]!.text);
      t.clock.advance(60 * 60 * 1000 + 1);
      expect(
        (await call(app, 'GET', `/check-reset-token?token=${second.token}&email=${encodeURIComponent(email)}`)).status,
      ).toBe(400);
      expect(
        (
          await call(app, 'POST', '/complete-signup', {
            body: { signupToken: second.token, password: 'Ancora123' },
          })
        ).status,
      ).toBe(400);
    });

    it('writes the message to DATA_DIR/outbox when no SMTP server is configured', async () => {
      await createUser(t.db, { email: 'anna@example.it' });
      const dir = await mkdtemp(path.join(os.tmpdir(), 'musa-outbox-'));
      try {
        const outbox = path.join(dir, 'outbox');
        const app = t.app({
          mailer: createOutboxMailer(outbox, 'Musa <ciao@musa.example>', t.logger, t.clock.now),
        });
        expect((await call(app, 'POST', '/ask-reset-password', { body: { email: 'anna@example.it' } })).status).toBe(
          200,
        );
        const files = await readdir(outbox);
        expect(files).toEqual(['2026-03-02T09-00-00-000Z-anna@example.it.eml']);
        const mail = readMail(await readFile(path.join(outbox, files[0]!), 'utf8'));
        expect(mail.headers.subject).toBe('Scegli la tua nuova password Musa');
        const { token } = linkParams(mail.text);
        expect((await call(app, 'GET', `/check-reset-token?token=${token}&email=anna@example.it`)).status).toBe(200);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it.each([
      ['no e-mail', {}, MESSAGES.required],
      ['a malformed e-mail', { email: 'anna.example.it' }, MESSAGES.invalidFormat],
    ])('answers 400 for %s', async (_case, body, message) => {
      const reply = await call(t.app(), 'POST', '/ask-reset-password', { body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
      expect(t.mailer.sent).toHaveLength(0);
    });
  });
});
