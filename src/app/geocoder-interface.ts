import type { Prediction } from '../../contract/calls';
import type { Location } from '../../contract/location';

/**
 * Address autocomplete and geocoding (SPEC §4, §5, §9) behind one interface: the API's embedded
 * gazetteer by default (./geocoder.ts, which also picks the implementation), Google Maps Places
 * when `VITE_GOOGLE_MAPS_API_KEY` is set (./google-geocoder.ts, loaded only then).
 */
export interface Geocoder {
  search(query: string): Promise<Prediction[]>;
  resolve(suggestion: Prediction): Promise<Location>;
  /** Confirms a typed house number; resolves with the location carrying it. */
  lookupStreetNumber(location: Location, streetNumber: string): Promise<Location>;
}
