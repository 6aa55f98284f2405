import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { hasStreetNumber, isCompleteAddress, locationSchema, locationWithNumberSchema } from '../../contract/location';
import { fieldErrors } from '../../contract/forms';
import { viaRoma, viaRomaNoNumber } from './fixtures';

describe('locationSchema', () => {
  it('keeps a geocoded address as it is', () => {
    expect(v.parse(locationSchema, viaRoma())).toEqual(viaRoma());
  });

  it('accepts an address without a street number and fills missing parts with empty text', () => {
    const location = v.parse(locationSchema, viaRomaNoNumber());
    expect(location.components.streetNumber).toBeUndefined();
    expect(location.components.postalCode).toBe('');
    expect(location.components.region).toBe('');
    expect(hasStreetNumber(location)).toBe(false);
  });

  it('asks to pick an address when there is none or it is blank', () => {
    expect(fieldErrors(locationSchema, null)).toEqual({
      '': 'Seleziona un indirizzo dalla lista dei suggerimenti',
    });
    expect(fieldErrors(locationSchema, { ...viaRoma(), address: '   ' })).toEqual({
      address: 'Seleziona un indirizzo dalla lista dei suggerimenti',
    });
  });

  it('refuses coordinates out of range or not numbers', () => {
    const location = viaRoma();
    expect(fieldErrors(locationSchema, { ...location, coordinates: { lat: 95, lng: 7.6 } })).toEqual({
      'coordinates.lat': 'Coordinate non valide',
    });
    expect(fieldErrors(locationSchema, { ...location, coordinates: { lat: 45, lng: '7.6' } })).toEqual({
      'coordinates.lng': 'Coordinate non valide',
    });
  });

  it('requires a street number where professionals must reach the door', () => {
    expect(v.is(locationWithNumberSchema, viaRoma())).toBe(true);
    expect(fieldErrors(locationWithNumberSchema, viaRomaNoNumber())).toEqual({
      '': 'Devi aggiungere il numero civico',
    });
    expect(
      fieldErrors(locationWithNumberSchema, {
        ...viaRoma(),
        components: { ...viaRoma().components, streetNumber: ' ' },
      }),
    ).toEqual({ '': 'Devi aggiungere il numero civico' });
  });
});

describe('isCompleteAddress', () => {
  it('needs route, number and city', () => {
    expect(isCompleteAddress('Via Roma, 2, Torino')).toBe(true);
    expect(isCompleteAddress('Via Roma, 2, Torino, TO, Italia')).toBe(true);
    expect(isCompleteAddress('Via Roma, Torino')).toBe(false);
    expect(isCompleteAddress('Via Roma, , Torino')).toBe(false);
    expect(isCompleteAddress('')).toBe(false);
  });
});
