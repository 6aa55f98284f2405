import { describe, expect, it } from 'vitest';
import { todayInRome } from '../../src/app/today';

/** The reference: the platform's time-zone data (what todayInRome used before, issue 15). */
const rome = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const intlToday = (now: Date) => rome.format(now);

describe('todayInRome', () => {
  it('agrees with the Europe/Rome time-zone data every 30 minutes around each change of time, 2024-2040', () => {
    for (let year = 2024; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // From the 24th to the 1st of the next month: both the change and the night it falls in.
        const start = Date.UTC(year, month, 24);
        for (let time = start; time < start + 9 * 86_400_000; time += 1_800_000) {
          const now = new Date(time);
          expect(todayInRome(now), now.toISOString()).toBe(intlToday(now));
        }
      }
    }
  });

  it('agrees with the time-zone data at every hour of every day of 2026', () => {
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 3_600_000) {
      const now = new Date(time);
      expect(todayInRome(now), now.toISOString()).toBe(intlToday(now));
    }
  });

  it('turns at midnight in Rome, not in UTC', () => {
    expect(todayInRome(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(todayInRome(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(todayInRome(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(todayInRome(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
    expect(todayInRome(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
