import type { Zone } from '../domain/zones';

/**
 * Centres are the historic city centres; radii cover the city and its first ring of towns
 * (Torino: Moncalieri, Collegno, Settimo; Milano: Sesto San Giovanni, Rho border, San Donato;
 * Roma: everything inside the GRA plus a margin).
 */
export const ZONES: readonly Zone[] = [
  {
    id: 'torino',
    name: 'Torino e prima cintura',
    city: 'Torino',
    center: { lat: 45.0703, lng: 7.6869 },
    radiusKm: 12,
  },
  {
    id: 'milano',
    name: 'Milano e hinterland',
    city: 'Milano',
    center: { lat: 45.4642, lng: 9.19 },
    radiusKm: 15,
  },
  {
    id: 'roma',
    name: 'Roma (entro il GRA)',
    city: 'Roma',
    center: { lat: 41.8933, lng: 12.4829 },
    radiusKm: 16,
  },
];
