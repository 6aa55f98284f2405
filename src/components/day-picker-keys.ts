/**
 * Where a key moves the focus in the day picker's grid (WAI-ARIA grid pattern, one row per month).
 * Pure: the picker gives its days in order and the key; disabled days (past, sold out) are never a
 * target.
 *
 * - ArrowRight / ArrowLeft: the next / previous selectable day, across months.
 * - Home / End: the first / last selectable day of the month (with Ctrl: of the whole picker).
 * - PageDown / PageUp (and ArrowDown / ArrowUp, the rows): the same day of the next / previous month,
 *   or the nearest selectable day of that month; a month with none is passed over.
 */

export interface PickerDay {
  /** YYYY-MM-DD */
  iso: string;
  /** The row: the month's position in the picker. */
  row: number;
  disabled: boolean;
}

export type PickerKey = 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';

export const PICKER_KEYS: readonly string[] = [
  'ArrowRight',
  'ArrowLeft',
  'ArrowDown',
  'ArrowUp',
  'Home',
  'End',
  'PageDown',
  'PageUp',
] satisfies PickerKey[];

export const isPickerKey = (key: string): key is PickerKey => PICKER_KEYS.includes(key);

const dayOfMonth = (iso: string) => Number(iso.slice(8, 10));

/** The day the key moves to from `current`, or null when there is none (the focus stays). */
export function moveInPicker(
  days: readonly PickerDay[],
  current: string,
  key: PickerKey,
  wholePicker = false,
): string | null {
  const index = days.findIndex((day) => day.iso === current);
  if (index < 0) return null;
  const from = days[index]!;
  const enabled = days.filter((day) => !day.disabled);
  switch (key) {
    case 'ArrowRight':
      return days.slice(index + 1).find((day) => !day.disabled)?.iso ?? null;
    case 'ArrowLeft':
      return days.slice(0, index).findLast((day) => !day.disabled)?.iso ?? null;
    case 'Home':
      return enabled.find((day) => wholePicker || day.row === from.row)?.iso ?? null;
    case 'End':
      return enabled.findLast((day) => wholePicker || day.row === from.row)?.iso ?? null;
    case 'PageDown':
    case 'ArrowDown':
    case 'PageUp':
    case 'ArrowUp': {
      const step = key === 'PageDown' || key === 'ArrowDown' ? 1 : -1;
      const lastRow = days[days.length - 1]!.row;
      for (let row = from.row + step; row >= 0 && row <= lastRow; row += step) {
        const inRow = enabled.filter((day) => day.row === row);
        if (inRow.length === 0) continue;
        const wanted = dayOfMonth(from.iso);
        return (inRow.find((day) => dayOfMonth(day.iso) >= wanted) ?? inRow[inRow.length - 1]!).iso;
      }
      return null;
    }
  }
}
