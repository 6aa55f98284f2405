import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DELAYS, LIMITS } from '../../contract/constants';
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
} from '../lib/format';
import { isPickerKey, moveInPicker } from './day-picker-keys';
import * as css from './day-picker.css';

export interface DayPickerProps {
  /** YYYY-MM-DD */
  today: string;
  /** YYYY-MM-DD or null */
  value: string | null;
  onSelect: (date: string) => void;
  onClear: () => void;
  /** Days that cannot be picked besides the past ones (YYYY-MM-DD), e.g. sold out. */
  unavailable?: ReadonlySet<string>;
}

export const DAY_PICKER_LABEL = 'Scegli il giorno';
export const DAY_GRID_LABEL = 'Calendario';

const NONE: ReadonlySet<string> = new Set();

/**
 * Horizontal day picker (SPEC §2, §5, §9): from the Monday of this week (days before today
 * disabled), 2 months at first and 12 after 0.5 s, one row per month with its name. Each day is a
 * button (aria-pressed, full date as its name); pressing the chosen day again clears it.
 *
 * Keyboard (WAI-ARIA grid): the picker is one tab stop (roving tabindex: the day focused last, else
 * the chosen day, else the first selectable one); the keys of `moveInPicker` move between days,
 * skipping disabled ones; Enter or Space picks.
 */
export function DayPicker({ today, value, onSelect, onClear, unavailable = NONE }: DayPickerProps) {
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
    return groupDaysByMonth([...lead, ...pickerDays(months, todayDate)]).map((group, row) => ({
      month: group.month,
      days: group.days.map((date) => {
        const iso = toApiDate(date);
        return { date, iso, row, disabled: isBeforeToday(date, todayDate) || unavailable.has(iso) };
      }),
    }));
  }, [months, todayDate, unavailable]);
  const days = useMemo(() => groups.flatMap((group) => group.days), [groups]);
  const list = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const selectable = (iso: string | null) => iso !== null && days.some((day) => day.iso === iso && !day.disabled);
  const tabStop = [focused, value].find(selectable) ?? days.find((day) => !day.disabled)?.iso ?? null;

  useEffect(() => {
    const selected = list.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    selected?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isPickerKey(event.key) || event.altKey || event.metaKey || event.shiftKey) return;
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    if (!current) return;
    event.preventDefault();
    const target = moveInPicker(days, current, event.key, event.ctrlKey);
    if (!target) return;
    setFocused(target);
    list.current?.querySelector<HTMLButtonElement>(`[data-date="${target}"]`)?.focus();
  };

  return (
    <div ref={list} className={css.days} role="group" aria-label={DAY_PICKER_LABEL} data-analytics-label="giorno">
      <div className={css.dayGrid} role="grid" aria-label={DAY_GRID_LABEL} onKeyDown={onKeyDown}>
        {groups.map((group) => (
          <div key={group.month.toISOString()} className={css.monthGroup} role="row">
            <span className={css.monthLabel} role="rowheader">
              {formatMonthYear(group.month)}
            </span>
            <div className={css.monthDays}>
              {group.days.map(({ date, iso, disabled }) => {
                const pressed = iso === value;
                return (
                  <span key={iso} role="gridcell" aria-selected={pressed}>
                    <button
                      type="button"
                      className={css.day}
                      data-date={iso}
                      tabIndex={iso === tabStop ? 0 : -1}
                      aria-pressed={pressed}
                      aria-label={`${formatLongDate(date)} ${date.getFullYear()}`}
                      disabled={disabled}
                      onFocus={() => setFocused(iso)}
                      onClick={() => (pressed ? onClear() : onSelect(iso))}
                    >
                      <span className={css.weekday} aria-hidden="true">
                        {formatWeekdayShort(date)}
                      </span>
                      <span className={css.dayNumber} aria-hidden="true">
                        {formatDayNumber(date)}
                      </span>
                    </button>
                  </span>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
