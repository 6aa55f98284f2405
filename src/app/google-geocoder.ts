/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import type { Prediction } from '../../contract/calls';
import { withStreetNumber, type Location } from '../../contract/location';
import type { Geocoder } from './geocoder-interface';

/**
 * Google Maps Places (New) and Geocoder (SPEC §5: Italy only, Italian language, addresses). Loaded
 * lazily, only when `VITE_GOOGLE_MAPS_API_KEY` is set.
 */

/**
 * SPEC §5 "type address": the address types of Places (New), what the legacy `types: ['address']`
 * asked for. A suggestion counts as a full address only if it names a street (a route).
 */
export const ADDRESS_TYPES = ['street_address', 'route', 'premise'] as const;
const STREET_NUMBER_TYPES: readonly string[] = ['street_address', 'premise'];
type Component = { longText: string | null; shortText: string | null; types: string[] };

const pick = (components: readonly Component[], type: string, short = false): string => {
  const found = components.find((component) => component.types.includes(type));
  return (short ? found?.shortText : found?.longText) ?? '';
};

function toLocation(input: {
  placeId: string;
  address: string;
  lat: number;
  lng: number;
  components: readonly Component[];
}): Location {
  const { components } = input;
  const streetNumber = pick(components, 'street_number');
  return {
    address: input.address,
    googlePlaceId: input.placeId,
    coordinates: { lat: input.lat, lng: input.lng },
    components: {
      route: pick(components, 'route'),
      ...(streetNumber ? { streetNumber } : {}),
      city: pick(components, 'locality') || pick(components, 'administrative_area_level_3'),
      province: pick(components, 'administrative_area_level_2'),
      provinceCode: pick(components, 'administrative_area_level_2', true),
      region: pick(components, 'administrative_area_level_1'),
      postalCode: pick(components, 'postal_code'),
      country: pick(components, 'country'),
      countryCode: pick(components, 'country', true),
    },
  };
}

export function createGoogleGeocoder(key: string): Geocoder {
  setOptions({ key, v: 'weekly', language: 'it', region: 'IT' });
  let session: google.maps.places.AutocompleteSessionToken | null = null;

  return {
    async search(query) {
      const places = await importLibrary('places');
      session ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: query,
        language: 'it',
        region: 'it',
        includedRegionCodes: ['it'],
        includedPrimaryTypes: [...ADDRESS_TYPES],
        sessionToken: session,
      });
      return suggestions.flatMap((suggestion): Prediction[] => {
        const prediction = suggestion.placePrediction;
        // SPEC §5: a suggestion is a full address only if it names a street.
        if (!prediction || !prediction.types.some((type) => (ADDRESS_TYPES as readonly string[]).includes(type)))
          return [];
        return [
          {
            placeId: prediction.placeId,
            description: prediction.text.text,
            mainText: prediction.mainText?.text ?? prediction.text.text,
            secondaryText: prediction.secondaryText?.text ?? '',
            hasStreetNumber: prediction.types.some((type) => STREET_NUMBER_TYPES.includes(type)),
          },
        ];
      });
    },
    async resolve(suggestion) {
      const places = await importLibrary('places');
      const place = new places.Place({ id: suggestion.placeId, requestedLanguage: 'it' });
      await place.fetchFields({ fields: ['formattedAddress', 'location', 'addressComponents'] });
      session = null;
      if (!place.location) throw new Error('Oops! Si è verificato un errore, riprova!');
      return toLocation({
        placeId: suggestion.placeId,
        address: suggestion.description,
        lat: place.location.lat(),
        lng: place.location.lng(),
        components: place.addressComponents ?? [],
      });
    },
    async lookupStreetNumber(location, streetNumber) {
      const { Geocoder } = await importLibrary('geocoding');
      const { route, city } = location.components;
      const { results } = await new Geocoder().geocode({
        address: `${route} ${streetNumber}, ${city}`,
        region: 'it',
        language: 'it',
        componentRestrictions: { country: 'it' },
      });
      const best = results.find(
        (result) => result.types.includes('street_address') || result.types.includes('premise'),
      );
      if (!best) return withStreetNumber(location, streetNumber);
      const components = best.address_components.map((c) => ({
        longText: c.long_name,
        shortText: c.short_name,
        types: c.types,
      }));
      const found = toLocation({
        placeId: best.place_id,
        address: best.formatted_address,
        lat: best.geometry.location.lat(),
        lng: best.geometry.location.lng(),
        components,
      });
      return found.components.streetNumber ? found : withStreetNumber(location, streetNumber);
    },
  };
}
