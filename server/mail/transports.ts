import { randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../config/logger';
import type { MailMessage, Mailer } from './mailer';

/** What nodemailer sends for a message, whichever transport carries it. */
const envelope = (from: string, message: MailMessage) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.attachments ? { attachments: message.attachments } : {}),
});

/** SMTP_URL set: real delivery through nodemailer's SMTP transport. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(envelope(from, message));
    },
  };
}

/** Where messages are written before they appear: beside the outbox (same disk), as Maildir's `tmp/`. */
const pendingDirOf = (outboxDir: string) => `${outboxDir}.pending`;

/**
 * Writes `<base>.eml`, or `<base>-2.eml`… when two messages share the millisecond and recipient. The
 * message is written whole in the pending folder first, then linked to its own name in the outbox in
 * one step (a link fails when the name is taken): whoever reads the outbox (a mail client, a test)
 * sees only whole messages, and nothing else.
 */
async function writeNew(dir: string, base: string, content: Buffer): Promise<string> {
  const pending = path.join(pendingDirOf(dir), `${process.pid}-${randomUUID()}`);
  await writeFile(pending, content, { flag: 'wx' });
  try {
    for (let n = 1; ; n++) {
      const file = path.join(dir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
      try {
        await link(pending, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  } finally {
    await unlink(pending).catch(() => undefined);
  }
}

const safeFilePart = (value: string) => value.replace(/[^a-zA-Z0-9@._-]/g, '_');

/**
 * The embedded default: each message becomes an RFC 822 file `<outboxDir>/<timestamp>-<to>.eml`
 * (open it in any mail client) and its link is logged.
 */
export function createOutboxMailer(
  outboxDir: string,
  from: string,
  logger: Logger,
  now: () => Date = () => new Date(),
): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let made: Promise<void> | null = null; // the folder, created once
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail(envelope(from, message));
      const folder = () =>
        (made ??= Promise.all([
          mkdir(outboxDir, { recursive: true }),
          mkdir(pendingDirOf(outboxDir), { recursive: true }),
        ]).then(
          () => undefined,
          (error: unknown) => {
            made = null;
            throw error;
          },
        ));
      await folder();
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const base = `${stamp}-${safeFilePart(message.to)}`;
      const content = info.message as Buffer;
      const file = await writeNew(outboxDir, base, content).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        made = null; // the folder was removed meanwhile: make it again
        await folder();
        return writeNew(outboxDir, base, content);
      });
      logger.info(`E-mail a ${message.to} salvata in ${file}${message.link ? ` — link: ${message.link}` : ''}`);
    },
  };
}
