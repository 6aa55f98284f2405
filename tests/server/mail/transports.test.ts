import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer } from '../../../server/mail/transports';
import { resetPasswordEmail } from '../../../server/accounts/account-emails';
import { CapturingLogger } from '../helpers/test-app';
import { readMail } from '../helpers/mime';

const LINK = 'http://app.musa.test/reset-password?token=abc_DEF-123&email=anna%40example.it';
const FROM = 'Musa <ciao@musa.example>';

function expectResetMail(raw: string) {
  const mail = readMail(raw);
  expect(mail.headers.from).toBe('Musa <ciao@musa.example>');
  expect(mail.headers.to).toBe('anna@example.it');
  expect(mail.headers.subject).toBe('Scegli la tua nuova password Musa');
  expect(mail.text).toContain('Ciao Anna,');
  expect(mail.text).toContain(LINK);
  expect(mail.text).toContain('vale 1 ora');
  expect(mail.html).toContain('<html lang="it">');
  expect(mail.html).toContain(`href="${LINK.replaceAll('&', '&amp;')}"`);
  expect(mail.html).toContain('SCEGLI LA PASSWORD');
}

describe('outbox mailer (the embedded default)', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as an RFC 822 file <timestamp>-<to>.eml and logs its link', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'musa-outbox-'));
    const outbox = path.join(dir, 'nested', 'outbox');
    const logger = new CapturingLogger();
    const mailer = createOutboxMailer(outbox, FROM, logger, () => new Date('2026-03-02T09:00:00.000Z'));
    await mailer.send(resetPasswordEmail('anna@example.it', 'Anna', LINK));
    await mailer.send(resetPasswordEmail('anna@example.it', 'Anna', LINK));
    const files = (await readdir(outbox)).sort();
    expect(files).toEqual([
      '2026-03-02T09-00-00-000Z-anna@example.it-2.eml',
      '2026-03-02T09-00-00-000Z-anna@example.it.eml',
    ]);
    expectResetMail(await readFile(path.join(outbox, files[1]!), 'utf8'));
    // Nothing but whole messages in the outbox: the pending copies are written beside it and removed.
    expect(await readdir(`${outbox}.pending`)).toEqual([]);
    expect(logger.lines.some((l) => l.message.includes(LINK))).toBe(true);
  });

  it('greets without a name when the account has none', async () => {
    const mail = resetPasswordEmail('nuova@example.it', null, LINK);
    expect(mail.text.startsWith('Ciao,\n')).toBe(true);
    expect(mail.html).not.toContain('null');
  });
});

describe('SMTP mailer (SMTP_URL)', () => {
  let server: SMTPServer | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('delivers the message to the SMTP server named by the URL', async () => {
    const received: { to: string[]; raw: string }[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve) => {
      const listener = server!.listen(0, '127.0.0.1', () => {
        const address = listener.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, FROM);
    await mailer.send(resetPasswordEmail('anna@example.it', 'Anna', LINK));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['anna@example.it']);
    expectResetMail(received[0]!.raw);
  });
});
