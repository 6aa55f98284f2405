import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { serviceListSchema, serviceSchema } from '../../contract/service';
import { fieldErrors } from '../../contract/forms';
import { piega } from './fixtures';

describe('serviceSchema', () => {
  it('converts a price string to a number and fills the defaults', () => {
    expect(v.parse(serviceSchema, piega({ price: '12.50' }))).toEqual({
      id: 'svc-piega',
      name: 'Piega',
      description: 'Piega morbida',
      durationMM: 45,
      price: 12.5,
      isManualFlow: false,
      priceStartingFrom: false,
      image: null,
      _group_id: null,
      excludeFromBooking: false,
      hasVariants: false,
    });
  });

  it('counts a null or missing price as 0 and keeps a number', () => {
    expect(v.parse(serviceSchema, piega({ price: null })).price).toBe(0);
    const { price: _price, ...withoutPrice } = piega();
    expect(v.parse(serviceSchema, withoutPrice).price).toBe(0);
    expect(v.parse(serviceSchema, piega({ price: 30 })).price).toBe(30);
    expect(v.parse(serviceSchema, piega({ price: '12,50' })).price).toBe(12.5);
  });

  it('takes the description from formDescription when present', () => {
    expect(v.parse(serviceSchema, piega({ formDescription: 'Piega con phon e spazzola' })).description).toBe(
      'Piega con phon e spazzola',
    );
    expect(v.parse(serviceSchema, piega({ formDescription: null })).description).toBe('Piega morbida');
    expect(v.parse(serviceSchema, piega({ formDescription: '' })).description).toBe('Piega morbida');
    expect(v.parse(serviceSchema, piega({ description: null })).description).toBe('');
  });

  it('keeps flags, variant group and image', () => {
    const service = v.parse(
      serviceSchema,
      piega({
        excludeFromBooking: true,
        hasVariants: true,
        _group_id: 'g-piega',
        priceStartingFrom: true,
        isManualFlow: true,
        image: '/img/piega.webp',
        durationMM: '60',
      }),
    );
    expect(service).toMatchObject({
      excludeFromBooking: true,
      hasVariants: true,
      _group_id: 'g-piega',
      priceStartingFrom: true,
      isManualFlow: true,
      image: '/img/piega.webp',
      durationMM: 60,
    });
  });

  it('parses its own output again to the same service', () => {
    const once = v.parse(serviceSchema, piega({ formDescription: 'Altro testo', price: '9.90' }));
    expect(v.parse(serviceSchema, once)).toEqual(once);
  });

  it('refuses a price that is not a number, or negative', () => {
    expect(fieldErrors(serviceSchema, piega({ price: 'gratis' }))).toEqual({
      price: 'Prezzo non valido',
    });
    expect(fieldErrors(serviceSchema, piega({ price: -1 }))).toEqual({
      price: 'Prezzo non valido',
    });
    expect(fieldErrors(serviceSchema, piega({ price: true as unknown as number }))).toEqual({
      price: 'Prezzo non valido',
    });
  });

  it('refuses a service without id or with a bad duration', () => {
    expect(fieldErrors(serviceSchema, piega({ id: '' }))).toEqual({ id: '*Campo richiesto' });
    expect(fieldErrors(serviceSchema, piega({ durationMM: 'tanto' }))).toEqual({
      durationMM: 'Numero non valido',
    });
  });
});

describe('serviceListSchema', () => {
  const list = {
    mainServices: {
      title: 'Servizi principali',
      sections: [{ itemType: 'radio', items: [{ id: 'i-1', services: [piega()] }] }],
    },
    secondaryServices: {
      title: 'Extra',
      sections: [
        {
          title: 'Trattamenti',
          itemType: 'checkbox',
          items: [{ id: 'i-2', services: [piega({ id: 'svc-maschera', name: 'Maschera', price: '8' })] }],
        },
      ],
    },
  };

  it('converts the services inside sections and items', () => {
    const parsed = v.parse(serviceListSchema, list);
    expect(parsed.mainServices?.sections[0]?.items[0]?.services[0]?.price).toBe(25);
    expect(parsed.secondaryServices?.sections[0]?.itemType).toBe('checkbox');
    expect(parsed.secondaryServices?.sections[0]?.items[0]?.services[0]?.price).toBe(8);
  });

  it('reads a missing or null group as null', () => {
    expect(v.parse(serviceListSchema, { mainServices: null })).toEqual({
      mainServices: null,
      secondaryServices: null,
    });
  });

  it('refuses an unknown section type at its path', () => {
    const bad = {
      ...list,
      mainServices: { ...list.mainServices, sections: [{ itemType: 'select', items: [] }] },
    };
    expect(fieldErrors(serviceListSchema, bad)).toEqual({
      'mainServices.sections.0.itemType': 'Valore non valido',
    });
  });
});
