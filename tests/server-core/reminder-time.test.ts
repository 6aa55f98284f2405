import { describe, expect, it } from 'vitest';
import { reminderDueAt, reminderRow } from '../../server/services/reminders';
import { instantToZoned } from '../../server/services/time';

/** Issue 16: the reminder is due the day before at 18:00 Europe/Rome, whatever summer time does. */
describe('reminder time', () => {
  it('the evening before, at 18:00 in Rome, in winter and in summer', () => {
    expect(reminderDueAt(new Date('2026-03-04T09:00:00Z'), 'Europe/Rome').toISOString()).toBe(
      '2026-03-03T17:00:00.000Z',
    );
    expect(reminderDueAt(new Date('2026-07-15T08:00:00Z'), 'Europe/Rome').toISOString()).toBe(
      '2026-07-14T16:00:00.000Z',
    );
  });

  it('across the change to summer time: Sunday 29 March 10:00 CEST → Saturday 18:00 CET', () => {
    const due = reminderDueAt(new Date('2026-03-29T08:00:00Z'), 'Europe/Rome');
    expect(instantToZoned(due, 'Europe/Rome')).toEqual({ date: '2026-03-28', time: '18:00' });
    expect(due.toISOString()).toBe('2026-03-28T17:00:00.000Z');
  });

  it('an appointment just after midnight is reminded the evening before its day', () => {
    const due = reminderDueAt(new Date('2026-03-04T23:30:00Z'), 'Europe/Rome'); // Thursday 00:30
    expect(instantToZoned(due, 'Europe/Rome')).toEqual({ date: '2026-03-04', time: '18:00' });
  });

  it('none when that evening has passed', () => {
    const booking = { id: 'b', startsAt: new Date('2026-03-04T09:00:00Z'), timeZone: 'Europe/Rome' };
    expect(reminderRow(booking, new Date('2026-03-03T16:59:00Z'))).not.toBeNull();
    expect(reminderRow(booking, new Date('2026-03-03T17:00:00Z'))).toBeNull();
  });
});
