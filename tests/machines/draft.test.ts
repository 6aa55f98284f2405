import { describe, expect, it } from 'vitest';
import type { Service, ServiceList } from '../../contract/service';
import type { Flow } from '../../contract/constants';
import { MESSAGES, selectServiceForCategories } from '../../contract/messages';
import {
  categoryOfService,
  createDraft,
  FLOW_STEPS,
  pathOfStep,
  toggleService,
  validateServices,
  validateStep,
} from '../../machines/shared/draft';
import { messageOf } from '../../machines/shared/effects';
import { FLOWS, stepsOf } from '../oracle/spec';

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

describe('the flows’ steps (SPEC §2, as tests/oracle/spec.ts writes them down)', () => {
  it.each(Object.keys(FLOWS) as Flow[])('%s: its steps in order, each at its URL', (flow) => {
    expect(FLOW_STEPS[flow]).toEqual(stepsOf(flow));
    for (const [step, url] of FLOWS[flow]) expect(pathOfStep(step), step).toBe(url);
  });

  it('the steps with nothing to check let her on (details, checkout, participants in the make-up flow)', () => {
    const draft = createDraft('2026-11-22');
    expect(validateStep('beauty-details', draft, null)).toBeNull();
    expect(validateStep('hair-checkout', draft, null)).toBeNull();
    expect(validateStep('participants', { ...draft, category: 'make-up' }, null)).toBeNull();
    expect(validateStep('participants', { ...draft, category: 'beauty' }, null)).toBe(MESSAGES.selectOption);
  });
});

describe('the service step’s check (SPEC §5)', () => {
  const base = createDraft('2026-11-22');
  const withExtras = (chosen: Service[]) => ({
    ...base,
    category: 'beauty' as const,
    services: { ...base.services, secondaryServices: chosen, services: chosen },
  });
  const list = (main: Service[][], extras: Service[][]): ServiceList => ({
    mainServices: {
      title: 'Servizi',
      sections: main.map((items, i) => ({
        title: `M${i}`,
        itemType: 'radio',
        items: items.map((s) => ({ id: s.id, services: [s] })),
      })),
    },
    secondaryServices: {
      title: 'Extra',
      sections: extras.map((items, i) => ({
        title: `E${i}`,
        itemType: 'checkbox',
        items: items.map((s) => ({ id: s.id, services: [s] })),
      })),
    },
  });

  it('main sections without a service: at least one extra is asked for', () => {
    expect(validateServices(withExtras([]), list([[]], [[], [service('ciglia')]]))).toBe(
      MESSAGES.selectAtLeastOneService,
    );
  });

  it('nothing to pick at all: nothing asked', () => {
    expect(validateServices(withExtras([]), list([[]], [[], []]))).toBeNull();
    expect(validateServices(withExtras([]), { ...list([[]], []), secondaryServices: null })).toBeNull();
  });

  it('before the list loads, extras chosen are enough', () => {
    expect(validateServices(withExtras([service('ciglia')]), null)).toBeNull();
    expect(validateServices(withExtras([]), null)).toBe(MESSAGES.selectService);
  });

  it('a salotto service listed under an unknown section and under its category’s counts for that category', () => {
    const piega = service('piega');
    const twice: ServiceList = {
      mainServices: null,
      secondaryServices: {
        title: 'Servizi',
        sections: [
          { title: 'Altro', itemType: 'checkbox', items: [{ id: 'i0', services: [service('x'), piega] }] },
          { title: 'Capelli', itemType: 'checkbox', items: [{ id: 'i1', services: [piega] }] },
        ],
      },
    };
    expect(categoryOfService(twice, 'piega')).toBe('hair');
    const grouped: ServiceList = {
      mainServices: null,
      secondaryServices: {
        title: 'Servizi',
        sections: [
          {
            title: 'Estetica',
            itemType: 'checkbox',
            items: [
              { id: 'i1', services: [service('manicure')] },
              { id: 'i2', services: [service('pedicure'), service('ceretta')] },
            ],
          },
        ],
      },
    };
    expect(categoryOfService(grouped, 'ceretta')).toBe('beauty');
    expect(categoryOfService({ mainServices: null, secondaryServices: null }, 'piega')).toBeNull();
    expect(categoryOfService(salottoList, 'piega')).toBe('hair');
    expect(categoryOfService(salottoList, 'nessuno')).toBeNull();
  });
});

describe('picking services', () => {
  it('a service toggled on, then off', () => {
    const one = service('a');
    const two = service('b');
    expect(toggleService([one], two)).toEqual([one, two]);
    expect(toggleService([one, two], one)).toEqual([two]);
  });
});

describe('the message of a failed call', () => {
  it('is the error’s, the text thrown, or “Errore”', () => {
    expect(messageOf(new Error('Email già in uso'))).toBe('Email già in uso');
    expect(messageOf('Troppe richieste')).toBe('Troppe richieste');
    expect(messageOf({ status: 500 })).toBe('Errore');
  });
});
