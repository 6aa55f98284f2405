import { describe, expect, it } from 'vitest';
import {
  ratingInviteRow,
  reminderDueAt,
  reminderRow,
  reminderRows,
  twoHoursReminderDueAt,
  twoHoursReminderRow,
} from '../../server/bookings/reminders';
import { instantToZoned } from '../../server/domain/time';

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
    const booking = {
      id: 'b',
      startsAt: new Date('2026-03-04T09:00:00Z'),
      endsAt: new Date('2026-03-04T10:00:00Z'),
      timeZone: 'Europe/Rome',
    };
    expect(reminderRow(booking, new Date('2026-03-03T16:59:00Z'))).not.toBeNull();
    expect(reminderRow(booking, new Date('2026-03-03T17:00:00Z'))).toBeNull();
  });
});

/** Issue 16: the optional reminder comes two real hours before the start, across the changes of summer time too. */
describe('two-hour reminder time', () => {
  it('two hours before, in winter and in summer', () => {
    expect(twoHoursReminderDueAt(new Date('2026-03-04T09:00:00Z')).toISOString()).toBe('2026-03-04T07:00:00.000Z');
    expect(instantToZoned(twoHoursReminderDueAt(new Date('2026-07-15T08:00:00Z')), 'Europe/Rome')).toEqual({
      date: '2026-07-15',
      time: '08:00',
    });
  });

  it('to summer time: Sunday 29 March 03:30 CEST is reminded at 00:30 CET (two real hours, not 01:30 on the clock)', () => {
    const due = twoHoursReminderDueAt(new Date('2026-03-29T01:30:00Z'));
    expect(instantToZoned(due, 'Europe/Rome')).toEqual({ date: '2026-03-29', time: '00:30' });
  });

  it('back to winter time: Sunday 25 October 03:30 CET is reminded at 02:30 CEST, the first of the two 02:30s', () => {
    const due = twoHoursReminderDueAt(new Date('2026-10-25T02:30:00Z'));
    expect(due.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantToZoned(due, 'Europe/Rome')).toEqual({ date: '2026-10-25', time: '02:30' });
  });

  it('none when that moment has passed; a booking gets it only when she asked', () => {
    const booking = {
      id: 'b',
      startsAt: new Date('2026-03-04T09:00:00Z'),
      endsAt: new Date('2026-03-04T10:00:00Z'),
      timeZone: 'Europe/Rome',
    };
    expect(twoHoursReminderRow(booking, new Date('2026-03-04T06:59:59Z'))?.nextAttemptAt.toISOString()).toBe(
      '2026-03-04T07:00:00.000Z',
    );
    expect(twoHoursReminderRow(booking, new Date('2026-03-04T07:00:00Z'))).toBeNull();
    const kinds = (twoHoursReminder: boolean) =>
      reminderRows({ ...booking, twoHoursReminder }, new Date('2026-03-02T09:00:00Z')).map((row) => row.kind);
    expect(kinds(false)).toEqual(['booking-reminder', 'rating-invite']);
    expect(kinds(true)).toEqual(['booking-reminder', 'booking-reminder-2h', 'rating-invite']);
  });
});

/** Issue 29: the invitation to rate comes two real hours after the end, and only while that is ahead. */
describe('rating invitation time', () => {
  const booking = {
    id: 'b',
    startsAt: new Date('2026-03-04T09:00:00Z'),
    endsAt: new Date('2026-03-04T10:00:00Z'),
    timeZone: 'Europe/Rome',
  };

  it('two hours after the end, for the start it was written for', () => {
    const row = ratingInviteRow(booking, new Date('2026-03-02T09:00:00Z'));
    expect(row).toMatchObject({ kind: 'rating-invite', bookingId: 'b', forStartsAt: booking.startsAt });
    expect(row?.nextAttemptAt.toISOString()).toBe('2026-03-04T12:00:00.000Z');
  });

  it('none once that moment has passed', () => {
    expect(ratingInviteRow(booking, new Date('2026-03-04T11:59:59Z'))).not.toBeNull();
    expect(ratingInviteRow(booking, new Date('2026-03-04T12:00:00Z'))).toBeNull();
  });
});
