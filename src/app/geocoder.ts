import { geoAutocompleteCall, geoPlaceCall, type Prediction } from '../../contract/calls';
import { ADDRESS_CACHE_TTL, LIMITS, SIZES, STORAGE_KEYS } from '../../contract/constants';
import { withStreetNumber } from '../../contract/location';
import type { ApiClient } from '../api/client';
import type { Geocoder } from './geocoder-interface';

/** SPEC §9: 5 suggestions, 3 on coarse-pointer screens of 1024px or less. */
export function suggestionLimit(): number {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return LIMITS.addressSuggestions;
  const coarseSmall = window.matchMedia(`(pointer: coarse) and (max-width: ${SIZES.desktopBreakpoint}px)`).matches;
  return coarseSmall ? LIMITS.addressSuggestionsCoarse : LIMITS.addressSuggestions;
}

type CacheEntry = { at: number; predictions: Prediction[] };

/** SPEC §9: suggestions are cached for 24 h in session storage. */
function readCache(query: string): Prediction[] | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.addressCache);
    const cache = raw ? (JSON.parse(raw) as Record<string, CacheEntry>) : {};
    const entry = cache[query.toLowerCase()];
    return entry && Date.now() - entry.at < ADDRESS_CACHE_TTL ? entry.predictions : null;
  } catch {
    return null;
  }
}

function writeCache(query: string, predictions: Prediction[]): void {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.addressCache);
    const now = Date.now();
    const cache = Object.fromEntries(
      Object.entries(raw ? (JSON.parse(raw) as Record<string, CacheEntry>) : {}).filter(
        ([, entry]) => now - entry.at < ADDRESS_CACHE_TTL,
      ),
    );
    cache[query.toLowerCase()] = { at: now, predictions };
    window.sessionStorage.setItem(STORAGE_KEYS.addressCache, JSON.stringify(cache));
  } catch {
    // A full or disabled storage only costs a repeated request.
  }
}

/** Wraps a geocoder's search with the session-storage cache and the suggestion cap. */
export function withSearchCache(geocoder: Geocoder): Geocoder {
  return {
    ...geocoder,
    async search(query) {
      const key = query.trim();
      const cached = readCache(key);
      const predictions = cached ?? (await geocoder.search(key));
      if (!cached) writeCache(key, predictions);
      return predictions.slice(0, suggestionLimit());
    },
  };
}

/** The API's embedded gazetteer (GET /geo/autocomplete, GET /geo/place/:id). */
export function createServerGeocoder(api: ApiClient): Geocoder {
  const search = async (query: string) =>
    (await api.call(geoAutocompleteCall, { query: { input: query } })).predictions;
  const resolve = async (suggestion: Prediction) =>
    (await api.call(geoPlaceCall, { params: { placeId: suggestion.placeId } })).location;
  return {
    search,
    resolve,
    async lookupStreetNumber(location, streetNumber) {
      const { route, city } = location.components;
      const predictions = await search(`${route} ${streetNumber}, ${city}`);
      const match = predictions.find((prediction) => prediction.hasStreetNumber);
      if (!match) return withStreetNumber(location, streetNumber);
      const found = await resolve(match);
      // Only a confirmation of the same street counts; otherwise the typed number stands.
      return found.components.route === route && found.components.streetNumber
        ? found
        : withStreetNumber(location, streetNumber);
    },
  };
}

/** Picks the implementation: Google Maps when a key is configured (loaded on first use). */
export function createGeocoder(api: ApiClient, googleMapsApiKey: string | undefined): Geocoder {
  if (!googleMapsApiKey) return withSearchCache(createServerGeocoder(api));
  let google: Promise<Geocoder> | null = null;
  const load = () => {
    google ??= import('./google-geocoder').then((module) => module.createGoogleGeocoder(googleMapsApiKey));
    return google;
  };
  return withSearchCache({
    search: async (query) => (await load()).search(query),
    resolve: async (suggestion) => (await load()).resolve(suggestion),
    lookupStreetNumber: async (location, number) => (await load()).lookupStreetNumber(location, number),
  });
}
