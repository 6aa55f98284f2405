import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The e2e API's outbox (playwright.config.ts: DATA_DIR=.data-e2e). */
export const OUTBOX = path.resolve('.data-e2e', 'outbox');

/**
 * Quoted-printable undone: soft line breaks joined, each run of `=XX` bytes read as UTF-8 (the
 * messages' charset), so 'verr=C3=A0' reads 'verrà' as the customer reads it.
 */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/**
 * Reads the newest message to `to` written after `since` (and, given `matching`, the newest that
 * matches it), waiting for it up to `timeoutMs`. `since` has a second of slack (file times are
 * coarse): a message written just before it (the previous step's) can pass, so a step whose e-mail
 * follows another's closely says which one it waits for with `matching`.
 */
export async function waitForMail(
  to: string,
  since: number,
  timeoutMs = 10_000,
  matching: (message: string) => boolean = () => true,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const needle = to.toLowerCase();
  while (Date.now() < deadline) {
    const files = await readdir(OUTBOX).catch(() => [] as string[]);
    const mine = files.filter((file) => file.toLowerCase().includes(needle)).sort();
    for (const file of mine.reverse()) {
      const full = path.join(OUTBOX, file);
      const { mtimeMs } = await stat(full);
      if (mtimeMs < since - 1000) continue;
      const message = decodeQuotedPrintable(await readFile(full, 'utf8'));
      if (matching(message)) return message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Nessuna e-mail per ${to} nella outbox ${OUTBOX}`);
}

/**
 * The first link to `pathname` in a message (a path, or a pattern of one: `/appointments/[^?]+`), as
 * a path + query the app can open.
 */
export function linkIn(message: string, pathname: string | RegExp): string {
  const path = typeof pathname === 'string' ? pathname.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') : pathname.source;
  const match = message.match(new RegExp(`https?://[^\\s"'<>]+?${path}\\?[^\\s"'<>]+`));
  if (!match) throw new Error(`Nessun link a ${String(pathname)} nel messaggio`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** The calendar file a message carries (its `.ics` attachment, base64 in the message), as text. */
export function calendarIn(message: string): string {
  const part = message.match(/Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/);
  if (!part) throw new Error('Nessun calendario nel messaggio');
  return Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

/** Whether a message carries a calendar with `line` (the file is base64: read it, not the raw text). */
export function calendarHas(message: string, line: RegExp): boolean {
  try {
    return line.test(calendarIn(message));
  } catch {
    return false;
  }
}
