import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayFrame,
  daysBetween,
  formatHHmm,
  instantToZoned,
  isoWeekday,
  localToday,
  parseHHmm,
  zonedDateTimeToInstant,
} from '../../server/domain/time';

const HOUR = 3_600_000;

describe('Europe/Rome wall clock ↔ instants', () => {
  it('converts winter and summer local times with the right offset', () => {
    expect(zonedDateTimeToInstant('2026-01-15', '09:00').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-07-15', '09:00').toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('knows the spring-forward day is 23 hours and the fall-back day 25', () => {
    const spring = dayFrame('2026-03-29');
    expect(spring.endMs - spring.startMs).toBe(23 * HOUR);
    expect(new Date(spring.startMs).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(spring.transitionMs!).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    const autumn = dayFrame('2026-10-25');
    expect(autumn.endMs - autumn.startMs).toBe(25 * HOUR);
    expect(new Date(autumn.transitionMs!).toISOString()).toBe('2026-10-25T01:00:00.000Z');
    expect(dayFrame('2026-06-01').transitionMs).toBeNull();
  });

  it('resolves times around the change: skipped hour moves forward, repeated hour takes the first', () => {
    expect(zonedDateTimeToInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(zonedDateTimeToInstant('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantToZoned(zonedDateTimeToInstant('2026-03-29', '02:30')).time).toBe('03:30');
    expect(zonedDateTimeToInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedDateTimeToInstant('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('reads the local date and time of an instant', () => {
    expect(instantToZoned(new Date('2026-12-31T23:30:00Z'))).toEqual({
      date: '2027-01-01',
      time: '00:30',
    });
    expect(localToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });

  it('does calendar arithmetic on YYYY-MM-DD', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('parses and formats HH:mm', () => {
    expect(parseHHmm('09:30')).toBe(570);
    expect(parseHHmm('24:00')).toBe(1440);
    expect(formatHHmm(1470)).toBe('00:30');
    expect(() => parseHHmm('9:30')).toThrow(RangeError);
  });
});
