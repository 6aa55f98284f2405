/** Build-time settings of the web app (Vite `VITE_*` variables), read in one place. */

const readEnv = (name: string): string | undefined => {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** ARCHITECTURE: the app calls the API at `VITE_API_BASE_URL` (default http://localhost:8787). */
export const API_BASE_URL = (readEnv('VITE_API_BASE_URL') ?? 'http://localhost:8787').replace(/\/+$/, '');

/**
 * The WhatsApp help line, international format without `+` (wa.me's form). SPEC does not give the
 * number: it is a deployment setting, with a placeholder Italian number for demos.
 */
export const WHATSAPP_NUMBER = (readEnv('VITE_WHATSAPP_NUMBER') ?? '390110000000').replace(/[^\d]/g, '');

/** A Google Tag Manager container id; analytics events are still queued in `dataLayer` without it. */
export const GTM_ID = readEnv('VITE_GTM_ID');
