import { describe, expect, it } from 'vitest';
import { canBeServed, nearestZone, servingZoneIds, servingZones } from '../../server/domain/served-zones';
import { haversineKm } from '../../server/domain/distance';
import { ZONES } from '../../server/seed-data/zones';

describe('served zones', () => {
  it('serves the centres of Torino, Milano and Roma, each by its own zone', () => {
    expect(servingZoneIds({ lat: 45.0677, lng: 7.6826 }, ZONES)).toEqual(['torino']);
    expect(servingZoneIds({ lat: 45.4754, lng: 9.2062 }, ZONES)).toEqual(['milano']);
    expect(servingZoneIds({ lat: 41.9009, lng: 12.4833 }, ZONES)).toEqual(['roma']);
    expect(ZONES.map((z) => z.id)).toEqual(['torino', 'milano', 'roma']);
  });

  it('serves the first ring of towns but not a town 30 km away', () => {
    expect(canBeServed({ lat: 45.0012, lng: 7.6828 }, ZONES)).toBe(true); // Moncalieri
    expect(canBeServed({ lat: 45.5407, lng: 9.2337 }, ZONES)).toBe(true); // Sesto San Giovanni
    expect(canBeServed({ lat: 45.3092, lng: 9.5037 }, ZONES)).toBe(false); // Lodi
  });

  it('does not serve Palermo or Bari, and says Roma is the nearest zone to Bari', () => {
    expect(canBeServed({ lat: 38.1157, lng: 13.3615 }, ZONES)).toBe(false);
    expect(servingZones({ lat: 41.1171, lng: 16.8719 }, ZONES)).toEqual([]);
    expect(nearestZone({ lat: 41.1171, lng: 16.8719 }, ZONES)?.zone.id).toBe('roma');
  });

  it('measures great-circle distances (Torino–Milano ≈ 126 km)', () => {
    const km = haversineKm({ lat: 45.0703, lng: 7.6869 }, { lat: 45.4642, lng: 9.19 });
    expect(km).toBeGreaterThan(122);
    expect(km).toBeLessThan(130);
  });

  it('answers no zone for coordinates that are not a place', () => {
    expect(servingZones({ lat: Number.NaN, lng: 7.68 }, ZONES)).toEqual([]);
    expect(canBeServed({ lat: 95, lng: 7.68 }, ZONES)).toBe(false);
  });
});
