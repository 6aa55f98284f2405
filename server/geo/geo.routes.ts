import { Hono } from 'hono';
import * as v from 'valibot';
import { geoAutocompleteCall, geoPlaceCall } from '../../contract/calls';
import { LIMITS } from '../../contract/constants';
import { ok } from '../../contract/envelope';
import { MESSAGES } from '../../contract/messages';
import { autocomplete, placeDetails, withStreetNumber } from './geocoder';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/env';
import { parseInput, readQuery } from '../http/input';
import { API_MESSAGES } from '../http/messages';

/**
 * The embedded geocoder (used by the app when no Google Maps key is configured): suggestions
 * for what the user types, and the full address of a suggestion (optionally with the house
 * number typed in the separate field).
 */
export const geoRoutes = new Hono<AppEnv>();

/** Ours: how many suggestions (SPEC §9: 5, or 3 on small touch screens). */
const limitQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(MESSAGES.invalidValue),
      v.transform(Number),
      v.integer(MESSAGES.invalidValue),
      v.minValue(1, MESSAGES.invalidValue),
      v.maxValue(LIMITS.addressSuggestions, MESSAGES.invalidValue),
    ),
    String(LIMITS.addressSuggestions),
  ),
});

const streetNumberQuery = v.object({
  streetNumber: v.optional(v.pipe(v.string(MESSAGES.invalidValue), v.trim(), v.maxLength(10, MESSAGES.invalidValue))),
});

geoRoutes.get(geoAutocompleteCall.route, (c) => {
  const { input } = readQuery(c, geoAutocompleteCall.query);
  const { limit } = readQuery(c, limitQuery);
  return c.json(ok({ predictions: autocomplete(input, limit) }));
});

geoRoutes.get(geoPlaceCall.route, (c) => {
  const { placeId } = parseInput(geoPlaceCall.params, c.req.param());
  const { streetNumber } = readQuery(c, streetNumberQuery);
  const place = placeDetails(placeId);
  if (!place) throw new ApiError(404, API_MESSAGES.placeNotFound);
  if (!streetNumber) return c.json(ok({ location: place }));
  const location = withStreetNumber(placeId, streetNumber);
  if (!location) throw new ApiError(400, MESSAGES.streetNumberRequired);
  return c.json(ok({ location }));
});
