import type { LatLng } from './distance';

/** A served zone: every address within `radiusKm` of `center` can book. See served-zones.ts. */
export interface Zone {
  id: string;
  name: string;
  /** The city the zone is named after (for copy and the out-of-zone list). */
  city: string;
  center: LatLng;
  radiusKm: number;
}
