/**
 * The days and the address every fixture shares (machines/testing/fixtures.ts re-exports them): a
 * leaf module, so that the professionals' fixtures (pro-fixtures.ts) and the customer's can use them
 * without importing each other.
 */
import type { Location } from '../../contract/location';

export const TODAY = '2026-11-23';
export const TOMORROW = '2026-11-24';
export const YESTERDAY = '2026-11-22';

export const components = (streetNumber: string | undefined): Location['components'] => ({
  route: 'Via Roma',
  streetNumber,
  city: 'Torino',
  province: 'Torino',
  provinceCode: 'TO',
  region: 'Piemonte',
  postalCode: '10121',
  country: 'Italia',
  countryCode: 'IT',
});

/**
 * As the embedded gazetteer (server/geo/geocoder.ts placeDetails) answers 'Via Roma, 2' of Torino: the
 * place's address is 'route, number, city', not the suggestion's longer description.
 */
export const LOCATION_TORINO: Location = {
  address: 'Via Roma, 2, Torino',
  googlePlaceId: 'musa:torino:via-roma:2',
  coordinates: { lat: 45.0677, lng: 7.6824 },
  components: components('2'),
};
