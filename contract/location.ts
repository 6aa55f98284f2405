import * as v from 'valibot';
import { MESSAGES } from './messages';

/** A part of a geocoded address; a missing or null part becomes ''. */
const component = v.pipe(
  v.optional(v.nullable(v.string(MESSAGES.invalidValue)), ''),
  v.transform((text) => text ?? ''),
);

/**
 * Address parts as the geocoder gives them. Only `route` and `city` are always there for an
 * address; the street number is often missing (the location step then asks for it).
 */
export const locationComponentsSchema = v.object(
  {
    route: v.string(MESSAGES.pickAddress),
    streetNumber: v.optional(v.string(MESSAGES.invalidValue)),
    city: v.string(MESSAGES.pickAddress),
    province: component,
    provinceCode: component,
    region: component,
    postalCode: component,
    country: component,
    countryCode: component,
  },
  MESSAGES.pickAddress,
);

export const coordinatesSchema = v.object(
  {
    lat: v.pipe(
      v.number(MESSAGES.invalidCoordinates),
      v.minValue(-90, MESSAGES.invalidCoordinates),
      v.maxValue(90, MESSAGES.invalidCoordinates),
    ),
    lng: v.pipe(
      v.number(MESSAGES.invalidCoordinates),
      v.minValue(-180, MESSAGES.invalidCoordinates),
      v.maxValue(180, MESSAGES.invalidCoordinates),
    ),
  },
  MESSAGES.invalidCoordinates,
);
export type Coordinates = v.InferOutput<typeof coordinatesSchema>;

/** SPEC §3 Location. Anything that is not a picked address reads 'Seleziona un indirizzo…'. */
export const locationSchema = v.object(
  {
    address: v.pipe(v.string(MESSAGES.pickAddress), v.trim(), v.nonEmpty(MESSAGES.pickAddress)),
    googlePlaceId: v.pipe(v.string(MESSAGES.pickAddress), v.nonEmpty(MESSAGES.pickAddress)),
    coordinates: coordinatesSchema,
    components: locationComponentsSchema,
  },
  MESSAGES.pickAddress,
);
export type Location = v.InferOutput<typeof locationSchema>;
export type LocationInput = v.InferInput<typeof locationSchema>;
export type LocationComponents = v.InferOutput<typeof locationComponentsSchema>;

/** SPEC §5: an address is complete with 3 comma-separated parts (route, number, city). */
export const isCompleteAddress = (address: string): boolean =>
  address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '').length >= 3;

/** The location with a typed house number, its address text rewritten to carry it. */
export function withStreetNumber(location: Location, streetNumber: string): Location {
  const { route, city } = location.components;
  return {
    ...location,
    address: `${route}, ${streetNumber}, ${city}`,
    components: { ...location.components, streetNumber },
  };
}

export const hasStreetNumber = (location: { components: { streetNumber?: string | undefined } }): boolean =>
  (location.components.streetNumber ?? '').trim() !== '';

/** A location professionals can reach: picked from suggestions and with a house number. */
export const locationWithNumberSchema = v.pipe(
  locationSchema,
  v.check((location: Location) => hasStreetNumber(location), MESSAGES.streetNumberRequired),
);
