/**
 * The formats of SPEC §9 that need no calendar: prices (contract/money.ts, shared with the server's
 * e-mails), durations and elapsed times. Apart from `format.ts` (dates, with date-fns and its Italian
 * locale, ~12 kB gzip) so that a screen that shows no date, the service step, does not load date-fns
 * (issue 15). `format.ts` exports these too.
 */

export { formatPrice } from '../../contract/money';

/** `formatDuration(90)` → `1h 30m`, `45` → `45m`, `120` → `2h`. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest}m`;
  if (rest === 0) return `${hours}h`;
  return `${hours}h ${rest}m`;
}

/** Timing logs (SPEC §9): milliseconds below one second, else seconds. */
export function formatElapsed(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
