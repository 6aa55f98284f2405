import { createContext, useContext, type ReactNode } from 'react';
import { apiClient } from '../api/client';
import { createGeocoder } from './geocoder';
import type { Geocoder } from './geocoder-interface';

let fallback: Geocoder | null = null;
/** Without a provider: the API's embedded gazetteer (what main.tsx gives without a Maps key). */
const defaultGeocoder = (): Geocoder => (fallback ??= createGeocoder(apiClient, undefined));

const GeocoderContext = createContext<Geocoder | null>(null);

export function GeocoderProvider({ geocoder, children }: { geocoder: Geocoder; children: ReactNode }) {
  return <GeocoderContext.Provider value={geocoder}>{children}</GeocoderContext.Provider>;
}

/** The address search the app was started with (Google Maps or the embedded gazetteer). */
export const useGeocoder = (): Geocoder => useContext(GeocoderContext) ?? defaultGeocoder();
