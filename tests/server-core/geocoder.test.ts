import { ZONES } from '../../server/seed-data/zones';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { autocomplete, gazetteerCities, geocode, placeDetails, withStreetNumber } from '../../server/geo/geocoder';
import { GAZETTEER } from '../../server/geo/gazetteer-data';
import { haversineKm } from '../../server/domain/distance';
import { canBeServed } from '../../server/domain/served-zones';
import { isCompleteAddress, locationWithNumberSchema, locationSchema } from '../../contract/location';

describe('autocomplete', () => {
  it("resolves 'Via Roma 2, Torino' to Via Roma 2 in Torino first", () => {
    const [first] = autocomplete('Via Roma 2, Torino');
    expect(first).toEqual({
      placeId: 'musa:torino:via-roma:2',
      description: 'Via Roma, 2, Torino, TO, Italia',
      mainText: 'Via Roma, 2',
      secondaryText: 'Torino, TO, Italia',
      hasStreetNumber: true,
    });
  });

  it('puts the served city first when the city is not typed, and honours a typed city', () => {
    expect(autocomplete('via roma 2')[0]?.placeId).toBe('musa:torino:via-roma:2');
    expect(autocomplete('via roma 2').map((p) => p.placeId)).toContain('musa:palermo:via-roma:2');
    expect(autocomplete('via roma 2 palermo')[0]?.description).toBe('Via Roma, 2, Palermo, PA, Italia');
  });

  it("finds 'corso buenos aires 10 milano'", () => {
    expect(autocomplete('corso buenos aires 10 milano')[0]?.description).toBe(
      'Corso Buenos Aires, 10, Milano, MI, Italia',
    );
  });

  it('ignores case and accents and expands abbreviations', () => {
    expect(autocomplete('VIA ROMA 2 TORINO')[0]?.placeId).toBe('musa:torino:via-roma:2');
    expect(autocomplete('c.so vittorio emanuele 50 torino')[0]?.description).toBe(
      'Corso Vittorio Emanuele II, 50, Torino, TO, Italia',
    );
    expect(autocomplete('P.zza S. Carlo 156')[0]?.description).toBe('Piazza San Carlo, 156, Torino, TO, Italia');
    expect(autocomplete('p.za di spagna roma')[0]?.description).toBe('Piazza di Spagna, Roma, RM, Italia');
    expect(autocomplete('v. garibaldi 3 torino')[0]?.description).toBe('Via Garibaldi, 3, Torino, TO, Italia');
    expect(autocomplete('v.le monza 200 milano')[0]?.description).toBe('Viale Monza, 200, Milano, MI, Italia');
    expect(autocomplete('via della liberta 12, palermo')[0]?.description).toBe(
      'Via della Libertà, 12, Palermo, PA, Italia',
    );
  });

  it('tolerates a typo and completes a word being typed', () => {
    expect(autocomplete('via garibladi torino')[0]?.description).toBe('Via Garibaldi, Torino, TO, Italia');
    expect(autocomplete('corso buenos ai')[0]?.mainText).toBe('Corso Buenos Aires');
  });

  it('knows other names of a street', () => {
    expect(autocomplete('via veneto roma')[0]?.mainText).toBe('Via Vittorio Veneto');
    expect(autocomplete('via 20 settembre 5 torino')[0]?.description).toBe('Via XX Settembre, 5, Torino, TO, Italia');
  });

  it('reads house numbers with a letter and leaves CAPs out of the number', () => {
    expect(autocomplete('via roma 12/a torino')[0]?.mainText).toBe('Via Roma, 12/A');
    const [p] = autocomplete('viale monza 200 20127');
    expect(p?.mainText).toBe('Viale Monza, 200');
  });

  it('finds a suggestion again from its own description (the address the app shows)', () => {
    for (const query of ['Via Roma 2, Torino', 'corso buenos aires 10 milano', 'via maqueda 100 palermo']) {
      const [first] = autocomplete(query);
      expect(autocomplete(first!.description)[0]?.placeId).toBe(first!.placeId);
      expect(geocode(placeDetails(first!.placeId)!.address)?.googlePlaceId).toBe(first!.placeId);
    }
  });

  it('suggests streets without a number when none is typed', () => {
    const [p] = autocomplete('via po torino');
    expect(p).toMatchObject({
      mainText: 'Via Po',
      hasStreetNumber: false,
      placeId: 'musa:torino:via-po',
    });
  });

  it('caps the suggestions and answers nothing for nonsense or too little', () => {
    expect(autocomplete('via', 3).length).toBeLessThanOrEqual(3);
    expect(autocomplete('via').length).toBeLessThanOrEqual(5);
    expect(autocomplete('zzzzqqq 12')).toEqual([]);
    expect(autocomplete('12')).toEqual([]);
    expect(autocomplete('v')).toEqual([]);
  });
});

describe('placeDetails', () => {
  it('gives a complete SPEC Location for Via Roma 2, Torino', () => {
    const location = placeDetails('musa:torino:via-roma:2');
    expect(location).not.toBeNull();
    expect(location!.address).toBe('Via Roma, 2, Torino');
    expect(isCompleteAddress(location!.address)).toBe(true);
    expect(location!.components).toEqual({
      route: 'Via Roma',
      streetNumber: '2',
      city: 'Torino',
      province: 'Torino',
      provinceCode: 'TO',
      region: 'Piemonte',
      postalCode: '10123',
      country: 'Italia',
      countryCode: 'IT',
    });
    expect(haversineKm(location!.coordinates, { lat: 45.0677, lng: 7.6826 })).toBeLessThan(0.6);
    expect(v.safeParse(locationWithNumberSchema, location).success).toBe(true);
  });

  it('places house numbers along the street and switches CAP where the street does', () => {
    const low = placeDetails('musa:torino:via-roma:2')!;
    const high = placeDetails('musa:torino:via-roma:300')!;
    expect(haversineKm(low.coordinates, high.coordinates)).toBeGreaterThan(0.5);
    expect(high.coordinates.lat).toBeLessThan(low.coordinates.lat); // towards Porta Nuova
    expect(high.components.postalCode).toBe('10121');
  });

  it('leaves the number out of an address without one (the app then asks for it)', () => {
    const location = placeDetails('musa:milano:corso-buenos-aires')!;
    expect(location.address).toBe('Corso Buenos Aires, Milano');
    expect(location.components.streetNumber).toBeUndefined();
    expect(v.safeParse(locationSchema, location).success).toBe(true);
    expect(v.safeParse(locationWithNumberSchema, location).success).toBe(false);
    expect(withStreetNumber(location.googlePlaceId, '10')?.address).toBe('Corso Buenos Aires, 10, Milano');
  });

  it('resolves a Palermo street outside the served zones', () => {
    const location = geocode('via maqueda 100 palermo')!;
    expect(location.components).toMatchObject({
      city: 'Palermo',
      provinceCode: 'PA',
      region: 'Sicilia',
    });
    expect(location.components.postalCode).toMatch(/^901\d\d$/);
    expect(canBeServed(location.coordinates, ZONES)).toBe(false);
  });

  it('answers null for ids that are not ours', () => {
    expect(placeDetails('ChIJ123')).toBeNull();
    expect(placeDetails('musa:torino:via-inesistente')).toBeNull();
  });
});

describe('gazetteer', () => {
  it('has at least 25 streets in each served city and 8 in Palermo and Bari', () => {
    const counts = Object.fromEntries(gazetteerCities().map((c) => [c.slug, c.streets]));
    for (const city of ['torino', 'milano', 'roma']) expect(counts[city]).toBeGreaterThanOrEqual(25);
    for (const city of ['palermo', 'bari']) expect(counts[city]).toBeGreaterThanOrEqual(8);
  });

  it('finds every street by its own name, inside its zone for served cities and outside for the others', () => {
    for (const city of GAZETTEER) {
      const served = ['torino', 'milano', 'roma'].includes(city.slug);
      for (const street of city.streets) {
        const query = `${street.type} ${street.name} 1, ${city.name}`;
        const [first] = autocomplete(query);
        expect(first?.mainText, query).toBe(`${street.type} ${street.name}, 1`);
        const location = placeDetails(first!.placeId)!;
        expect(location.components.postalCode, query).toMatch(/^\d{5}$/);
        expect(canBeServed(location.coordinates, ZONES), query).toBe(served);
      }
    }
  });
});
