import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The e2e API's outbox (playwright.config.ts: DATA_DIR=.data-e2e). */
export const OUTBOX = path.resolve('.data-e2e', 'outbox');

const decodeQuotedPrintable = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Reads the newest message to `to` written after `since`, waiting for it up to `timeoutMs`. */
export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const needle = to.toLowerCase();
  while (Date.now() < deadline) {
    const files = await readdir(OUTBOX).catch(() => [] as string[]);
    const mine = files.filter((file) => file.toLowerCase().includes(needle)).sort();
    for (const file of mine.reverse()) {
      const full = path.join(OUTBOX, file);
      const { mtimeMs } = await stat(full);
      if (mtimeMs >= since - 1000) return decodeQuotedPrintable(await readFile(full, 'utf8'));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Nessuna e-mail per ${to} nella outbox ${OUTBOX}`);
}

/** The first link to `pathname` in a message, as a path + query the app can open. */
export function linkIn(message: string, pathname: string): string {
  const match = message.match(new RegExp(`https?://[^\\s"'<>]+${pathname.replace('/', '\\/')}\\?[^\\s"'<>]+`));
  if (!match) throw new Error(`Nessun link a ${pathname} nel messaggio`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}
