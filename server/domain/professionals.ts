/** What availability knows of a professional: her skills, her weekly hours (Europe/Rome local time) and her time off. */
import type { ApiCategory } from '../../contract/constants';

/** Monday 1 … Sunday 7 (ISO 8601). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One working range on a weekday, local 'HH:mm' times, end exclusive. */
export interface WorkingHours {
  weekday: IsoWeekday;
  start: string;
  end: string;
}

/** A week of hers from a local day on (issue 40): in force from `validFrom` until her next one. */
export interface DatedHours {
  /** 'YYYY-MM-DD', a local day of Europe/Rome. */
  validFrom: string;
  hours: readonly WorkingHours[];
}

/** A time off of hers (issue 40), as instants (ms since the epoch), the end excluded. */
export interface TimeOffSpan {
  start: number;
  end: number;
}

export interface ProfessionalSkills {
  categories: readonly ApiCategory[];
  /** Services of those categories she does not offer (e.g. no balayage). */
  exceptServiceIds?: readonly string[];
}

/** A professional as availability computes with her: where she goes, what she does, when she works. */
export interface AvailabilityProfessional {
  id: string;
  zoneIds: readonly string[];
  skills: ProfessionalSkills;
  /** Her baseline week: in force before her first dated week (working-time.ts hoursOn). */
  hours: readonly WorkingHours[];
  /** Her weeks from a day on, by `validFrom` ascending (issue 40). */
  hoursFrom?: readonly DatedHours[];
  /** Her time off not cancelled, by start (issue 40): she is offered nobody inside it. */
  timeOff?: readonly TimeOffSpan[];
  hoursConfirmed: boolean;
  travelBufferMM: number;
}

/** A service asked, as availability needs it: who may do it (category) and how long it takes. */
export interface RequestedService {
  id: string;
  category: ApiCategory;
  durationMM: number;
  excludeFromBooking?: boolean;
  isManualFlow?: boolean;
}

/** Whether the professional offers every (time-taking) service requested. */
export function canPerform(
  professional: Pick<AvailabilityProfessional, 'skills'>,
  services: readonly RequestedService[],
): boolean {
  const { categories, exceptServiceIds } = professional.skills;
  return services.every(
    (s) => s.excludeFromBooking || (categories.includes(s.category) && !exceptServiceIds?.includes(s.id)),
  );
}
