import { describe, expect, it } from 'vitest';
import type { Service, ServiceList } from '../../contract/service';
import { selectServiceForCategories } from '../../contract/messages';
import { createDraft, validateServices } from '../../machines/shared/draft';

const service = (id: string): Service => ({
  id,
  name: id,
  description: '',
  durationMM: 60,
  price: 30,
  isManualFlow: false,
  priceStartingFrom: false,
  image: null,
  _group_id: null,
  excludeFromBooking: false,
  hasVariants: false,
});

/** The salotto list as the API sends it: one section per category, titled as the customer reads it. */
const salottoList: ServiceList = {
  mainServices: null,
  secondaryServices: {
    title: 'Servizi',
    sections: [
      { title: 'Capelli', itemType: 'checkbox', items: [{ id: 'i1', services: [service('piega')] }] },
      { title: 'Estetica', itemType: 'checkbox', items: [{ id: 'i2', services: [service('manicure')] }] },
    ],
  },
};

describe('salotto service check (SPEC §5)', () => {
  const draft = (chosen: Service[]) => {
    const base = createDraft('2026-11-22');
    return {
      ...base,
      participants: 'salotto' as const,
      salottoCategories: ['hair' as const, 'beauty' as const],
      services: { ...base.services, secondaryServices: chosen, services: chosen },
    };
  };

  it('names every chosen category still without a service, reading the sections titled in Italian', () => {
    expect(validateServices(draft([]), salottoList)).toBe(selectServiceForCategories(['hair', 'beauty']));
    expect(validateServices(draft([service('piega')]), salottoList)).toBe(selectServiceForCategories(['beauty']));
  });

  it('passes once each chosen category has a service', () => {
    expect(validateServices(draft([service('piega'), service('manicure')]), salottoList)).toBeNull();
  });
});
