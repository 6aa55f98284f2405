import type { LocationInput } from '../../contract/location';
import type { ServiceInput } from '../../contract/service';

/** A picked address in Turin with a house number, as the geocoder returns it. */
export const viaRoma = (): LocationInput => ({
  address: 'Via Roma, 2, Torino',
  googlePlaceId: 'it-to-via-roma-2',
  coordinates: { lat: 45.0677, lng: 7.6824 },
  components: {
    route: 'Via Roma',
    streetNumber: '2',
    city: 'Torino',
    province: 'Torino',
    provinceCode: 'TO',
    region: 'Piemonte',
    postalCode: '10121',
    country: 'Italia',
    countryCode: 'IT',
  },
});

/** The same street picked without a number (the location step then asks for it). */
export const viaRomaNoNumber = (): LocationInput => ({
  address: 'Via Roma, Torino',
  googlePlaceId: 'it-to-via-roma',
  coordinates: { lat: 45.0677, lng: 7.6824 },
  components: { route: 'Via Roma', city: 'Torino', province: 'Torino', countryCode: 'IT' },
});

export const piega = (over: Partial<ServiceInput> = {}): ServiceInput => ({
  id: 'svc-piega',
  name: 'Piega',
  description: 'Piega morbida',
  durationMM: 45,
  price: '25.00',
  ...over,
});

export const apiUser = () => ({
  id: 'u-1',
  email: 'giulia@example.it',
  firstName: 'Giulia',
  lastName: 'Rossi',
  isProvider: false,
  createdAt: '2026-03-01T10:15:00.000Z',
  phoneNumber: '+39 333 1234567',
  roles: ['customer'],
  accountEmail: 'giulia@example.it',
  location: viaRoma(),
  allergies: null,
  fitToPlead: true,
  allowMarketing: false,
});
