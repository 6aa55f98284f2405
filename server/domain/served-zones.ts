/**
 * Served zones are circles: a centre and a radius in kilometres, tested with the haversine distance.
 *
 * Why circles and not polygons: our professionals travel by car or scooter from the city, so what
 * limits service is travel distance from the centre, which a radius models well; a circle is two
 * numbers an operator can edit in a table, needs no GIS extension (PGlite has no PostGIS), and a
 * point test is a few floating-point operations, cheap enough to run on every address change.
 * A polygon can replace a zone later behind the same `servingZones` signature.
 */
import { haversineKm, isValidLatLng, type LatLng } from './distance';
import type { Zone } from './zones';

export interface ServingZone {
  zone: Zone;
  distanceKm: number;
}

/** The zones that serve `point`, nearest first. Empty when the address is out of zone. */
export function servingZones(point: LatLng, zones: readonly Zone[]): ServingZone[] {
  if (!isValidLatLng(point)) return [];
  const result: ServingZone[] = [];
  for (const zone of zones) {
    const distanceKm = haversineKm(point, zone.center);
    if (distanceKm <= zone.radiusKm) result.push({ zone, distanceKm });
  }
  return result.sort((a, b) => a.distanceKm - b.distanceKm);
}

/** Ids of the zones serving `point`, nearest first. */
export function servingZoneIds(point: LatLng, zones: readonly Zone[]): string[] {
  return servingZones(point, zones).map((s) => s.zone.id);
}

/** SPEC §7 check-location: `canBeServed`. */
export function canBeServed(point: LatLng, zones: readonly Zone[]): boolean {
  return servingZones(point, zones).length > 0;
}

/** The nearest zone whatever its radius, e.g. for "we are not in your area yet" copy. */
export function nearestZone(point: LatLng, zones: readonly Zone[]): ServingZone | null {
  let best: ServingZone | null = null;
  for (const zone of zones) {
    const distanceKm = haversineKm(point, zone.center);
    if (!best || distanceKm < best.distanceKm) best = { zone, distanceKm };
  }
  return best;
}
