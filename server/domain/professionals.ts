/** What availability knows of a professional: her skills and her weekly hours (Europe/Rome local time). */
import type { ApiCategory } from '../../contract/constants';

/** Monday 1 … Sunday 7 (ISO 8601). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One working range on a weekday, local 'HH:mm' times, end exclusive. */
export interface WorkingHours {
  weekday: IsoWeekday;
  start: string;
  end: string;
}

export interface ProfessionalSkills {
  categories: readonly ApiCategory[];
  /** Services of those categories she does not offer (e.g. no balayage). */
  exceptServiceIds?: readonly string[];
}
