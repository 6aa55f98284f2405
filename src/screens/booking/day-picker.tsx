import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DELAYS, LIMITS } from '../../../contract/constants';
import {
  formatDayNumber,
  formatLongDate,
  formatMonthYear,
  formatWeekdayShort,
  fromApiDate,
  groupDaysByMonth,
  isBeforeToday,
  pickerDays,
  startOfItalianWeek,
  toApiDate,
} from '../../lib/format';
import * as css from './steps.css';

export interface DayPickerProps {
  /** YYYY-MM-DD */
  today: string;
  /** YYYY-MM-DD or null */
  value: string | null;
  onSelect: (date: string) => void;
  onClear: () => void;
}

export const DAY_PICKER_LABEL = 'Scegli il giorno';

/**
 * Horizontal day picker (SPEC §2, §5, §9): from the Monday of this week (days before today
 * disabled), 2 months at first and 12 after 0.5 s, a month heading per month. Each day is a
 * button (aria-pressed, full date as its name); arrows move between days; pressing the chosen
 * day again clears it.
 */
export function DayPicker({ today, value, onSelect, onClear }: DayPickerProps) {
  const [months, setMonths] = useState<number>(LIMITS.dayPickerMonthsInitial);
  useEffect(() => {
    const timer = setTimeout(() => setMonths(LIMITS.dayPickerMonthsExtended), DELAYS.dayPickerExtend);
    return () => clearTimeout(timer);
  }, []);
  const todayDate = useMemo(() => fromApiDate(today), [today]);
  const groups = useMemo(() => {
    const weekStart = startOfItalianWeek(todayDate);
    const lead: Date[] = [];
    for (let d = weekStart; isBeforeToday(d, todayDate); d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1))
      lead.push(d);
    return groupDaysByMonth([...lead, ...pickerDays(months, todayDate)]);
  }, [months, todayDate]);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const selected = list.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    selected?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, index + (event.key === 'ArrowRight' ? 1 : -1)))]?.focus();
  };

  return (
    <div
      ref={list}
      className={css.days}
      role="group"
      aria-label={DAY_PICKER_LABEL}
      data-analytics-label="giorno"
      onKeyDown={onKeyDown}
    >
      {groups.map((group) => (
        <div key={group.month.toISOString()} className={css.monthGroup}>
          <span className={css.monthLabel}>{formatMonthYear(group.month)}</span>
          <div className={css.monthDays}>
            {group.days.map((day) => {
              const iso = toApiDate(day);
              const pressed = iso === value;
              return (
                <button
                  key={iso}
                  type="button"
                  className={css.day}
                  aria-pressed={pressed}
                  aria-label={`${formatLongDate(day)} ${day.getFullYear()}`}
                  disabled={isBeforeToday(day, todayDate)}
                  onClick={() => (pressed ? onClear() : onSelect(iso))}
                >
                  <span className={css.weekday} aria-hidden="true">
                    {formatWeekdayShort(day)}
                  </span>
                  <span className={css.dayNumber} aria-hidden="true">
                    {formatDayNumber(day)}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
