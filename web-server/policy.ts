/**
 * The security headers of every response of the web server. What the policy allows depends on the
 * build: the API origin the app calls and the third parties it was built with (Google Maps when
 * `VITE_GOOGLE_MAPS_API_KEY` is set, Google Tag Manager when `VITE_GTM_ID` is set). The Vite plugin
 * records those facts at build time in `dist/.web-server.json` (see `vite-plugin.ts`).
 */

/** What the built app needs from the outside, written by the build next to index.html. */
export type BuildFacts = {
  /** The origin of `VITE_API_BASE_URL` (e.g. http://localhost:8787), allowed in connect-src. */
  apiOrigin: string;
  /** The app was built with a Google Maps key: the Maps JavaScript API loads from Google. */
  googleMaps: boolean;
  /** The app was built with a Google Tag Manager container. */
  tagManager: boolean;
  /**
   * The app's route patterns ('/login', '/booking/$step/{-$childStep}'), written by the prerender step: a path
   * none of them matches gets the prerendered not-found page (404). Absent: every path is the app's.
   */
  appRoutes?: string[];
  /**
   * The hashes ('sha256-…') of the stylesheets the build inlined into its HTML pages (one `<style>`
   * with the app's whole CSS, see `inlineStylesheets` in vite-plugin.ts): style-src allows exactly
   * those, never 'unsafe-inline'. Absent: no inline style is allowed.
   */
  styleHashes?: string[];
  /**
   * The hashes ('sha256-…') of the inline scripts of the prerendered pages (one: the script that
   * fetches the app's scripts once the page has painted, `startAfterPaint` in
   * web-server/build-prerender.mjs): script-src allows exactly those. Absent: no inline script runs.
   */
  scriptHashes?: string[];
};

export const BUILD_FACTS_FILE = '.web-server.json';

const GOOGLE_MAPS = {
  // The Maps JavaScript API (Places and Geocoder only, no map tiles): its loader and its data calls.
  script: ['https://maps.googleapis.com', 'https://*.gstatic.com'],
  connect: ['https://*.googleapis.com', 'https://*.gstatic.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
};

const TAG_MANAGER = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

/** The origin (scheme://host:port) of a URL, or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy: only the app's own files run, with the one inline script the build
 * wrote into the prerendered pages (by hash; no other inline script, no eval), the only inline
 * styles are the stylesheets the build inlined (by hash), the app talks to itself and the API, and
 * no page may frame it.
 */
export function contentSecurityPolicy(facts: BuildFacts): string {
  const maps = facts.googleMaps;
  const gtm = facts.tagManager;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        ...(facts.scriptHashes ?? []).map((hash) => `'${hash}'`),
        ...(maps ? GOOGLE_MAPS.script : []),
        ...(gtm ? TAG_MANAGER.script : []),
      ],
    ],
    [
      'style-src',
      ["'self'", ...(facts.styleHashes ?? []).map((hash) => `'${hash}'`), ...(maps ? GOOGLE_MAPS.style : [])],
    ],
    ['img-src', ["'self'", 'data:', ...(maps ? GOOGLE_MAPS.img : []), ...(gtm ? TAG_MANAGER.img : [])]],
    ['font-src', ["'self'", ...(maps ? GOOGLE_MAPS.font : [])]],
    [
      'connect-src',
      [
        "'self'",
        ...(facts.apiOrigin ? [facts.apiOrigin] : []),
        ...(maps ? GOOGLE_MAPS.connect : []),
        ...(gtm ? TAG_MANAGER.connect : []),
      ],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/**
 * Features no screen uses are switched off. The app asks for no position (addresses are typed and
 * geocoded), so geolocation is off too.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The headers set on every response, whatever its status. */
export function securityHeaders(facts: BuildFacts): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(facts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}
