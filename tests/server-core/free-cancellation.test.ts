import { describe, expect, it } from 'vitest';
import { canCancelFree, freeCancellationUntil } from '../../server/appointments/appointments';
import { instantToZoned } from '../../server/domain/time';

/**
 * Issue 16: free cancellation until 24 hours before the start, in Europe/Rome, across the changes
 * of summer time. The rule counts real hours (FREE_CANCELLATION_HOURS in contract/constants.ts):
 * on the day the clocks change, the deadline's wall-clock hour differs from the appointment's.
 */
const rome = (instant: Date) => instantToZoned(instant, 'Europe/Rome');

describe('free cancellation', () => {
  it('an ordinary day: 24 hours before, at the same wall-clock hour the day before', () => {
    const start = new Date('2026-03-04T09:00:00Z'); // Wednesday 10:00 in Rome
    expect(rome(freeCancellationUntil(start))).toEqual({ date: '2026-03-03', time: '10:00' });
  });

  it('the Sunday summer time begins (29 March 2026): 10:00 on Sunday → 09:00 on Saturday', () => {
    const start = new Date('2026-03-29T08:00:00Z'); // 10:00 CEST
    expect(rome(start)).toEqual({ date: '2026-03-29', time: '10:00' });
    const until = freeCancellationUntil(start);
    expect(until.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(rome(until)).toEqual({ date: '2026-03-28', time: '09:00' });
    expect(canCancelFree(start, until)).toBe(true);
    expect(canCancelFree(start, new Date(until.getTime() + 1))).toBe(false);
    // 10:00 on Saturday, the same wall-clock hour, is already 23 hours before: too late.
    expect(canCancelFree(start, new Date('2026-03-28T09:00:00Z'))).toBe(false);
  });

  it('the Sunday summer time ends (25 October 2026): 10:00 on Sunday → 11:00 on Saturday', () => {
    const start = new Date('2026-10-25T09:00:00Z'); // 10:00 CET
    const until = freeCancellationUntil(start);
    expect(rome(until)).toEqual({ date: '2026-10-24', time: '11:00' });
    // 10:30 on Saturday is 24 and a half hours before: still free.
    expect(canCancelFree(start, new Date('2026-10-24T08:30:00Z'))).toBe(true);
    expect(canCancelFree(start, new Date(until.getTime() + 1))).toBe(false);
  });

  it('an appointment already begun or past cannot be cancelled free', () => {
    const start = new Date('2026-03-04T09:00:00Z');
    expect(canCancelFree(start, start)).toBe(false);
    expect(canCancelFree(start, new Date('2026-03-05T09:00:00Z'))).toBe(false);
  });
});
