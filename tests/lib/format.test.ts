import { describe, expect, it } from 'vitest';
import {
  formatDayMonth,
  formatDuration,
  formatElapsed,
  formatLongDate,
  formatMonth,
  formatPrice,
  formatTime,
  formatWeekday,
  fromApiDate,
  fromApiDateTime,
  groupDaysByMonth,
  isBeforeToday,
  monthGrid,
  pickerDays,
  startOfItalianWeek,
  toApiDate,
} from '../../src/lib/format';

describe('formatPrice', () => {
  it('writes euros the Italian way with the symbol first and two decimals', () => {
    expect(formatPrice(12)).toBe('€ 12,00');
    expect(formatPrice(12.5)).toBe('€ 12,50');
    expect(formatPrice(0)).toBe('€ 0,00');
    expect(formatPrice(9.999)).toBe('€ 10,00');
  });
  it('groups thousands with a dot, four-digit amounts included', () => {
    expect(formatPrice(1250)).toBe('€ 1.250,00');
    expect(formatPrice(1234567.8)).toBe('€ 1.234.567,80');
  });
  it('counts null as zero and reads the API’s decimal strings', () => {
    expect(formatPrice(null)).toBe('€ 0,00');
    expect(formatPrice('35.5')).toBe('€ 35,50');
  });
  it('puts the minus before the symbol for discounts', () => {
    expect(formatPrice(-5)).toBe('-€ 5,00');
    expect(formatPrice(-0.001)).toBe('€ 0,00');
  });
});

describe('formatDuration', () => {
  it('shows hours and minutes as h and m', () => {
    expect(formatDuration(90)).toBe('1h 30m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(135)).toBe('2h 15m');
  });
});

describe('formatElapsed', () => {
  it('uses ms below a second, else s', () => {
    expect(formatElapsed(420)).toBe('420 ms');
    expect(formatElapsed(1530)).toBe('1.53 s');
  });
});

describe('Italian dates', () => {
  const saturday = new Date(2026, 10, 28, 9, 5);
  it('names weekday and month in Italian, lower case', () => {
    expect(formatWeekday(saturday)).toBe('sabato');
    expect(formatMonth(saturday)).toBe('novembre');
    expect(formatDayMonth(saturday)).toBe('28 novembre');
    expect(formatLongDate(saturday)).toBe('sabato 28 novembre');
    expect(formatTime(saturday)).toBe('09:05');
  });
  it('round-trips the API’s YYYY-MM-DD and HH:mm', () => {
    expect(toApiDate(saturday)).toBe('2026-11-28');
    expect(fromApiDate('2026-11-28').getDate()).toBe(28);
    expect(formatTime(fromApiDateTime('2026-11-28', '14:30'))).toBe('14:30');
  });
});

describe('day picker helpers', () => {
  const today = new Date(2026, 10, 25, 18, 0); // Wednesday 25 November 2026
  it('starts weeks on Monday', () => {
    expect(formatWeekday(startOfItalianWeek(today))).toBe('lunedì');
    const grid = monthGrid(today);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid.every((week) => formatWeekday(week[0]!) === 'lunedì')).toBe(true);
  });
  it('offers today through the end of the following month, grouped by month', () => {
    const days = pickerDays(2, today);
    expect(toApiDate(days[0]!)).toBe('2026-11-25');
    expect(toApiDate(days.at(-1)!)).toBe('2026-12-31');
    expect(groupDaysByMonth(days).map((g) => formatMonth(g.month))).toEqual(['novembre', 'dicembre']);
  });
  it('refuses days before today but not today', () => {
    expect(isBeforeToday(new Date(2026, 10, 24, 23, 59), today)).toBe(true);
    expect(isBeforeToday(new Date(2026, 10, 25, 0, 0), today)).toBe(false);
  });
});
