import type { Location } from '../../../contract/location';

/** Addresses the seeded accounts live at (real streets, served zones of Torino and Milano). */
export const SEED_LOCATIONS = {
  torinoViaRoma: {
    address: 'Via Roma, 2, Torino',
    googlePlaceId: 'musa-seed-torino-via-roma-2',
    coordinates: { lat: 45.0677, lng: 7.6824 },
    components: {
      route: 'Via Roma',
      streetNumber: '2',
      city: 'Torino',
      province: 'Torino',
      provinceCode: 'TO',
      region: 'Piemonte',
      postalCode: '10123',
      country: 'Italia',
      countryCode: 'IT',
    },
  },
  milanoCorsoBuenosAires: {
    address: 'Corso Buenos Aires, 10, Milano',
    googlePlaceId: 'musa-seed-milano-corso-buenos-aires-10',
    coordinates: { lat: 45.4781, lng: 9.2093 },
    components: {
      route: 'Corso Buenos Aires',
      streetNumber: '10',
      city: 'Milano',
      province: 'Milano',
      provinceCode: 'MI',
      region: 'Lombardia',
      postalCode: '20124',
      country: 'Italia',
      countryCode: 'IT',
    },
  },
} satisfies Record<string, Location>;
