import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  PRO_WEEK_MESSAGES,
  reassignAppointmentCall,
  saveHoursPayloadSchema,
  teamBoardCall,
  TIME_OFF_MAX_DAYS,
  TIME_OFF_REASON_MAX,
  timeOffPayloadSchema,
} from '../../contract/pro-week';
import { MESSAGES } from '../../contract/messages';

/** The messages of a failed parse, by the path's last key ('' at the top). */
function issuesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const key = String(issue.path?.at(-1)?.key ?? '');
    (found[key] ??= []).push(issue.message);
  }
  return found;
}
const messagesOf = (schema: v.GenericSchema, input: unknown) => Object.values(issuesOf(schema, input)).flat();

const week = (ranges: Array<[string, string]>, weekday = 1) => ({
  validFrom: '2026-03-09',
  week: [{ weekday, ranges: ranges.map(([start, end]) => ({ start, end })) }],
});

/** Issue 40: the professionals' week, as the contract checks it before any server sees it. */
describe('contract/pro-week.ts', () => {
  describe('her hours', () => {
    it('takes several ranges a day, touching ends, 24:00 as an end, and days off left out', () => {
      const parsed = v.parse(saveHoursPayloadSchema, {
        validFrom: '2026-03-09',
        week: [
          {
            weekday: 1,
            ranges: [
              { start: '09:00', end: '13:00' },
              { start: '13:00', end: '18:00' },
            ],
          },
          { weekday: 6, ranges: [{ start: '18:00', end: '24:00' }] },
          { weekday: 7, ranges: [] },
        ],
      });
      expect(parsed.week).toHaveLength(3);
    });

    it('refuses a reversed or empty range, in Italian', () => {
      expect(issuesOf(saveHoursPayloadSchema, week([['13:00', '09:00']]))).toEqual({
        end: [PRO_WEEK_MESSAGES.rangeReversed],
      });
      expect(messagesOf(saveHoursPayloadSchema, week([['09:00', '09:00']]))).toEqual([PRO_WEEK_MESSAGES.rangeReversed]);
    });

    it('refuses overlapping ranges of one day', () => {
      expect(
        messagesOf(
          saveHoursPayloadSchema,
          week([
            ['09:00', '13:00'],
            ['12:30', '18:00'],
          ]),
        ),
      ).toEqual([PRO_WEEK_MESSAGES.rangesOverlap]);
    });

    it('refuses hours outside 00:00–24:00 (24:00 only as an end)', () => {
      for (const range of [
        ['24:00', '24:00'],
        ['08:00', '24:30'],
        ['25:00', '26:00'],
        ['8:00', '12:00'],
        ['08:00', '12:60'],
      ] as Array<[string, string]>)
        expect(messagesOf(saveHoursPayloadSchema, week([range])), range.join('–')).toContain(
          PRO_WEEK_MESSAGES.timeOutOfDay,
        );
    });

    it('refuses a weekday twice, or one outside 1–7', () => {
      expect(
        messagesOf(saveHoursPayloadSchema, {
          validFrom: '2026-03-09',
          week: [
            { weekday: 1, ranges: [] },
            { weekday: 1, ranges: [] },
          ],
        }),
      ).toEqual([PRO_WEEK_MESSAGES.weekdayTwice]);
      expect(messagesOf(saveHoursPayloadSchema, week([['09:00', '10:00']], 8 as 1))).toEqual([
        PRO_WEEK_MESSAGES.weekdayInvalid,
      ]);
    });

    it('refuses a day that does not exist', () => {
      expect(messagesOf(saveHoursPayloadSchema, { validFrom: '2026-02-30', week: [] })).toEqual([MESSAGES.invalidDate]);
    });
  });

  describe('time off', () => {
    it('takes whole days or hours of one day, with an optional reason', () => {
      expect(v.parse(timeOffPayloadSchema, { kind: 'days', startDate: '2026-03-09', endDate: '2026-03-09' })).toEqual({
        kind: 'days',
        startDate: '2026-03-09',
        endDate: '2026-03-09',
        reason: null,
      });
      expect(
        v.parse(timeOffPayloadSchema, {
          kind: 'hours',
          date: '2026-03-09',
          startTime: '14:00',
          endTime: '24:00',
          reason: '  Visita medica ',
        }),
      ).toMatchObject({ kind: 'hours', reason: 'Visita medica' });
    });

    it('refuses reversed ranges, too long ones, too long reasons and unknown kinds', () => {
      expect(issuesOf(timeOffPayloadSchema, { kind: 'days', startDate: '2026-03-09', endDate: '2026-03-08' })).toEqual({
        endDate: [PRO_WEEK_MESSAGES.daysReversed],
      });
      expect(
        issuesOf(timeOffPayloadSchema, {
          kind: 'days',
          startDate: '2026-03-01',
          endDate: `2026-05-${String(TIME_OFF_MAX_DAYS - 61 + 1).padStart(2, '0')}`,
        }),
      ).toEqual({ endDate: [PRO_WEEK_MESSAGES.timeOffTooLong] });
      expect(
        issuesOf(timeOffPayloadSchema, { kind: 'hours', date: '2026-03-09', startTime: '16:00', endTime: '14:00' }),
      ).toEqual({ endTime: [PRO_WEEK_MESSAGES.rangeReversed] });
      expect(
        messagesOf(timeOffPayloadSchema, {
          kind: 'days',
          startDate: '2026-03-09',
          endDate: '2026-03-09',
          reason: 'x'.repeat(TIME_OFF_REASON_MAX + 1),
        }),
      ).toEqual([PRO_WEEK_MESSAGES.reasonTooLong]);
      expect(messagesOf(timeOffPayloadSchema, { kind: 'weeks' })).toEqual([MESSAGES.invalidValue]);
    });
  });

  it('the board needs a city and a day; a reassignment a professional', () => {
    expect(issuesOf(teamBoardCall.query, { zoneId: ' ', date: '2026-03-09' })).toEqual({
      zoneId: [MESSAGES.required],
    });
    expect(issuesOf(teamBoardCall.query, { zoneId: 'torino', date: 'domani' })).toEqual({
      date: [MESSAGES.invalidDate],
    });
    expect(v.parse(reassignAppointmentCall.payload, { professionalId: 'x' })).toEqual({
      professionalId: 'x',
      category: null,
    });
    expect(messagesOf(reassignAppointmentCall.payload, { professionalId: 'x', category: 'nails' })).toEqual([
      MESSAGES.invalidCategory,
    ]);
  });
});
