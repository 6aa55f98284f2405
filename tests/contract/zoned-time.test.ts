import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formattedZoned, instantToZoned } from '../../contract/zoned-time';

/**
 * instantToZoned keeps each zone's offset per quarter hour of UTC (issue 30); the oracle is the
 * platform's formatter for the same instant, with zones whose changes are an hour, half an hour
 * (Lord Howe), a quarter past (Kathmandu's +05:45) or none.
 */
const ZONES = ['Europe/Rome', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Asia/Kolkata', 'UTC'];
const FROM = Date.UTC(1950, 0, 1);
const TO = Date.UTC(2100, 0, 1);

describe('instantToZoned', () => {
  it('reads every instant as the zone’s own formatter does', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), fc.constantFrom(...ZONES), (ms, zone) => {
        expect(instantToZoned(ms, zone)).toEqual(formattedZoned(ms, zone));
      }),
      { numRuns: 5000 },
    );
  });

  it('is right on each side of Rome’s changes, to the minute', () => {
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)])
      for (let ms = change - 2 * 3_600_000; ms <= change + 2 * 3_600_000; ms += 60_000)
        expect(instantToZoned(ms, 'Europe/Rome'), new Date(ms).toISOString()).toEqual(
          formattedZoned(ms, 'Europe/Rome'),
        );
    expect(instantToZoned(Date.UTC(2026, 2, 29, 0, 59), 'Europe/Rome')).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(instantToZoned(Date.UTC(2026, 2, 29, 1, 0), 'Europe/Rome')).toEqual({ date: '2026-03-29', time: '03:00' });
  });
});
