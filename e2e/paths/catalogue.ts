/**
 * The model's fixtures (machines/testing/fixtures.ts) name services, slots and professionals that
 * the seeded catalogue of the real API (server/seed-data/) names otherwise. This table says which
 * real one each stands for, in each flow; the replay picks exactly that one and fails when the page
 * does not offer it. Checked at the start of the replay: every service a path names has its entry.
 */
import type { Service } from '../../contract/service';
import type { AvailableTime } from '../../contract/slot';
import { SERVICES } from '../../machines/testing/fixtures';

export type Flow = 'hair' | 'beauty' | 'make-up' | 'salotto';
type FixtureService = keyof typeof SERVICES;

/** The seeded service (its name as the page shows it) each fixture service stands for, by flow. */
export const REAL_SERVICES: Record<Flow, Partial<Record<FixtureService, string>>> = {
  hair: {
    piega: 'Piega liscia',
    piegaLunga: 'Piega mossa',
    colore: 'Colore e piega',
    maschera: 'Maschera idratante',
    frangia: 'Taglio frangia',
    frangiaTendina: 'Frangia a tendina',
  },
  beauty: { manicure: 'Manicure classica', manicureSemi: 'Manicure semipermanente' },
  'make-up': { trucco: 'Trucco giorno' },
  salotto: { piega: 'Pieghe per il gruppo', manicure: 'Manicure di gruppo' },
};

const keyOf = (id: string): FixtureService | undefined =>
  (Object.keys(SERVICES) as FixtureService[]).find((key) => SERVICES[key].id === id);

/** The real service name a fixture service stands for in `flow`, or null when the table has none. */
export function realServiceName(flow: Flow, service: Pick<Service, 'id'>): string | null {
  const key = keyOf(service.id);
  return key ? (REAL_SERVICES[flow][key] ?? null) : null;
}

/** A variant group of the fixtures: the real service whose item holds the group's other options. */
export function realGroupMember(flow: Flow, groupId: string): string | null {
  const member = (Object.keys(SERVICES) as FixtureService[]).find(
    (key) => SERVICES[key]._group_id === groupId && REAL_SERVICES[flow][key],
  );
  return member ? REAL_SERVICES[flow][member]! : null;
}

/**
 * A fixture slot stands for the first real slot of the same kind on the day: instant booking
 * (SLOT_INSTANT) or to be confirmed (SLOT_TO_CONFIRM).
 */
export const slotKind = (slot: Pick<AvailableTime, 'instantBooking'>) =>
  slot.instantBooking ? 'instant' : 'toConfirm';

/** The fixture professional stands for the first professional the customer met (the filter's first option). */
export const REAL_PROVIDERS: Record<string, 'first'> = { 'prov-giulia': 'first' };
