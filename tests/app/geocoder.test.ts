// @vitest-environment jsdom
/**
 * The address search as the browser runs it (SPEC §5, §9): what the geocoder asks Google Maps for
 * (Italy, Italian, addresses), which suggestions count as an address, and the suggestions the
 * picker gets (at most 5, 3 on a small touch screen; kept 24 h in session storage).
 */
import '../components/jsdom-shims';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Prediction } from '../../contract/calls';
import { LOCATION_TORINO } from '../../machines/testing/fixtures';
import type { Geocoder } from '../../src/app/geocoder-interface';
import { withSearchCache } from '../../src/app/geocoder';

const maps = vi.hoisted(() => ({
  setOptions: vi.fn(),
  fetchAutocompleteSuggestions: vi.fn(),
  placeOptions: [] as unknown[],
  geocode: vi.fn(),
}));

vi.mock('@googlemaps/js-api-loader', () => ({
  setOptions: maps.setOptions,
  importLibrary: (name: string) => {
    if (name === 'places')
      return Promise.resolve({
        AutocompleteSessionToken: class {
          readonly token = 'session-demo';
        },
        AutocompleteSuggestion: { fetchAutocompleteSuggestions: maps.fetchAutocompleteSuggestions },
        Place: class {
          location = { lat: () => 45.07, lng: () => 7.68 };
          addressComponents = [];
          constructor(options: unknown) {
            maps.placeOptions.push(options);
          }
          fetchFields() {
            return Promise.resolve();
          }
        },
      });
    if (name === 'geocoding')
      return Promise.resolve({
        Geocoder: class {
          geocode = maps.geocode;
        },
      });
    return Promise.reject(new Error(`unexpected library ${name}`));
  },
}));

const { createGoogleGeocoder } = await import('../../src/app/google-geocoder');

/** A Places (New) suggestion of the given types. */
const suggestion = (placeId: string, main: string, types: string[]) => ({
  placePrediction: {
    placeId,
    text: { text: `${main}, Torino, TO, Italia` },
    mainText: { text: main },
    secondaryText: { text: 'Torino, TO, Italia' },
    types,
  },
});

beforeEach(() => {
  maps.setOptions.mockClear();
  maps.fetchAutocompleteSuggestions.mockReset();
  maps.placeOptions.splice(0);
  maps.geocode.mockReset();
});

describe('the Google Maps geocoder (SPEC §5)', () => {
  it('limits the search to Italy, in Italian, to addresses', async () => {
    maps.fetchAutocompleteSuggestions.mockResolvedValue({ suggestions: [] });
    maps.geocode.mockResolvedValue({ results: [] });
    const geocoder = createGoogleGeocoder('key-demo');
    expect(maps.setOptions).toHaveBeenCalledWith(expect.objectContaining({ language: 'it', region: 'IT' }));

    await geocoder.search('Via Roma 2, Torino');
    expect(maps.fetchAutocompleteSuggestions).toHaveBeenCalledWith(
      expect.objectContaining({
        input: 'Via Roma 2, Torino',
        language: 'it',
        includedRegionCodes: ['it'],
        includedPrimaryTypes: ['street_address', 'route', 'premise'],
      }),
    );

    await geocoder.resolve({
      placeId: 'p-roma-2',
      description: 'Via Roma 2, Torino',
      mainText: 'Via Roma 2',
      secondaryText: 'Torino',
      hasStreetNumber: true,
    });
    expect(maps.placeOptions).toEqual([{ id: 'p-roma-2', requestedLanguage: 'it' }]);

    await geocoder.lookupStreetNumber(LOCATION_TORINO, '4');
    expect(maps.geocode).toHaveBeenCalledWith(
      expect.objectContaining({ language: 'it', componentRestrictions: { country: 'it' } }),
    );
  });

  it('offers a suggestion as an address only if it names a street (a route)', async () => {
    maps.fetchAutocompleteSuggestions.mockResolvedValue({
      suggestions: [
        suggestion('p-torino', 'Torino', ['locality', 'political', 'geocode']),
        suggestion('p-roma', 'Via Roma', ['route', 'geocode']),
        suggestion('p-piemonte', 'Piemonte', ['administrative_area_level_1', 'political']),
        suggestion('p-roma-2', 'Via Roma 2', ['street_address', 'geocode']),
        { placePrediction: null },
      ],
    });
    const found = await createGoogleGeocoder('key-demo').search('Torino');
    expect(found.map(({ placeId, hasStreetNumber }) => ({ placeId, hasStreetNumber }))).toEqual([
      { placeId: 'p-roma', hasStreetNumber: false },
      { placeId: 'p-roma-2', hasStreetNumber: true },
    ]);
  });
});

describe('the suggestions the picker gets (SPEC §9)', () => {
  const predictions = (count: number): Prediction[] =>
    Array.from({ length: count }, (_, index) => ({
      placeId: `p-${index}`,
      description: `Via Roma ${index + 1}, Torino`,
      mainText: `Via Roma ${index + 1}`,
      secondaryText: 'Torino',
      hasStreetNumber: true,
    }));

  function counting(found: Prediction[]) {
    const search = vi.fn((query: string) => Promise.resolve(query ? found : []));
    const geocoder: Geocoder = {
      search,
      resolve: () => Promise.reject(new Error('not asked')),
      lookupStreetNumber: () => Promise.reject(new Error('not asked')),
    };
    return { search, geocoder: withSearchCache(geocoder) };
  }

  /** The screen the page is on: `(pointer: coarse) and (max-width: 1024px)` holds on a small touch screen. */
  function screenIs(touch: boolean, width: number) {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(pointer: coarse) and (max-width: 1024px)' && touch && width <= 1024,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
  }

  beforeEach(() => {
    window.sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00+01:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('are at most 5, and 3 on a touch screen 1024px wide or less', async () => {
    const { geocoder } = counting(predictions(8));
    screenIs(false, 1440);
    expect(await geocoder.search('Via Roma')).toHaveLength(5);
    screenIs(false, 800);
    expect(await geocoder.search('Via Roma')).toHaveLength(5);
    screenIs(true, 1280);
    expect(await geocoder.search('Via Roma')).toHaveLength(5);
    screenIs(true, 1024);
    expect(await geocoder.search('Via Roma')).toEqual(predictions(3));
  });

  it('are kept 24 hours in session storage: the same search is not asked again until then', async () => {
    const { search, geocoder } = counting(predictions(2));
    expect(await geocoder.search('Via Roma')).toEqual(predictions(2));
    expect(search).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('musa-address-cache')).toContain('p-1');

    vi.setSystemTime(new Date('2026-11-25T09:59:59+01:00'));
    expect(await geocoder.search(' via roma ')).toEqual(predictions(2));
    expect(search).toHaveBeenCalledTimes(1);

    // The page loaded again in the same tab (a new geocoder, the same session storage) finds it too.
    const other = counting(predictions(2));
    await other.geocoder.search('Via Roma');
    expect(other.search).not.toHaveBeenCalled();

    vi.setSystemTime(new Date('2026-11-25T10:00:01+01:00'));
    await geocoder.search('Via Roma');
    expect(search).toHaveBeenCalledTimes(2);
  });
});
