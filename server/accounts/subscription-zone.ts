import type { Location } from '../../contract/location';

const normalize = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The zone an out-of-zone subscription waits for: the city (country + city, accents and case
 * ignored), so "Via Roma 1, Palermo" and "Via Libertà 5, Palermo" are one subscription. Falls
 * back to the postal code, then to the place id, when the geocoder gave no city.
 */
export function zoneKeyOf(location: Location): string {
  const { city, postalCode, countryCode } = location.components;
  const country = normalize(countryCode || 'it');
  if (city.trim()) return `${country}:city:${normalize(city)}`;
  if (postalCode.trim()) return `${country}:cap:${postalCode.trim()}`;
  return `place:${location.googlePlaceId}`;
}
