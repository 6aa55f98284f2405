/**
 * Prices as SPEC §9 writes them, `€ 12,00`: symbol first, exactly two decimals, `.` for thousands.
 * One formatter for the app's screens and the server's e-mails and calendar files.
 */

const euro = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Italian CLDR data leaves four-digit numbers ungrouped (`1250,00`); the design wants `1.250,00`.
  useGrouping: 'always',
});

/** `formatPrice(12)` → `€ 12,00`; `formatPrice(-5)` → `-€ 5,00`; null counts as 0 (SPEC §3). */
export function formatPrice(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  // Rounding first keeps -0.001 from printing as `-€ 0,00`.
  const rounded = Math.round(safe * 100) / 100;
  const sign = rounded < 0 ? '-' : '';
  return `${sign}€ ${euro.format(Math.abs(rounded))}`;
}
