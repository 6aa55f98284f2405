/**
 * The embedded geocoder: address autocomplete and place details over the bundled gazetteer, in the
 * shape Google Places gives (predictions, then a place with components), so the app can use either
 * behind one interface.
 *
 * Place ids are ours and readable: 'musa:<city>:<street-slug>[:<house-number>]', e.g.
 * 'musa:torino:via-roma:2'. They are stable as long as the gazetteer keeps the street's name.
 *
 * Matching: every word typed must match the street (exactly, as a prefix, or with one typo in a
 * long word), its city, province code, region or CAP; at least one word must hit the street name.
 * Candidates are ranked by how much of the street name is covered, then city and street type
 * agreement. A number of up to four digits (optionally with a letter: 12a, 12/b) is the house
 * number; five digits are a CAP. The index is built once, on first use.
 */
import type { Location } from '../../contract/location';
import type { LatLng } from '../domain/distance';
import { GAZETTEER, type Anchor, type GazetteerCity, type GazetteerStreet } from './gazetteer-data';
import { editDistance, normalizeText, slugify } from './normalize';

export interface PlacePrediction {
  placeId: string;
  /** 'Via Roma, 2, Torino, TO, Italia' */
  description: string;
  /** 'Via Roma, 2' */
  mainText: string;
  /** 'Torino, TO, Italia' */
  secondaryText: string;
  hasStreetNumber: boolean;
}

const COUNTRY = 'Italia';
const COUNTRY_CODE = 'IT';
const STREET_TYPES = new Set([
  'via',
  'corso',
  'piazza',
  'viale',
  'largo',
  'piazzale',
  'lungomare',
  'lungotevere',
  'vicolo',
  'strada',
]);
/** Words that may be typed or left out without changing the street. */
const OPTIONAL_WORDS = new Set(['di', 'del', 'della', 'dei', 'degli', 'delle', 'dello', 'd', 'de', 'da', 'ii', 'i']);
const IGNORED_WORDS = new Set(['italia', 'italy', 'it']);
/** Served cities first when scores tie, then the others. */
const CITY_ORDER = ['torino', 'milano', 'roma', 'palermo', 'bari'];

interface IndexedVariant {
  tokens: string[];
  /** Tokens that count towards coverage (not optional words). */
  coreCount: number;
  isAlias: boolean;
}

interface IndexedStreet {
  city: GazetteerCity;
  street: GazetteerStreet;
  route: string;
  slug: string;
  typeToken: string;
  variants: IndexedVariant[];
  cityTokens: string[];
  /** Province code and region, lower case: accepted words that say nothing about the street. */
  areaTokens: Set<string>;
  postalCodes: Set<string>;
  anchors: Anchor[];
  cityRank: number;
}

let index: { streets: IndexedStreet[]; byId: Map<string, IndexedStreet> } | null = null;

function buildIndex() {
  const streets: IndexedStreet[] = [];
  const byId = new Map<string, IndexedStreet>();
  for (const city of GAZETTEER) {
    const cityTokens = normalizeText(city.name).split(' ');
    const rank = CITY_ORDER.indexOf(city.slug);
    for (const street of city.streets) {
      const route = `${street.type} ${street.name}`;
      const slug = slugify(route);
      const variant = (text: string, isAlias: boolean): IndexedVariant => {
        const tokens = normalizeText(text)
          .split(/[\s,]+/)
          .filter(Boolean);
        return { tokens, coreCount: tokens.filter((t) => !OPTIONAL_WORDS.has(t)).length, isAlias };
      };
      const indexed: IndexedStreet = {
        city,
        street,
        route,
        slug,
        typeToken: normalizeText(street.type),
        variants: [variant(street.name, false), ...(street.aliases ?? []).map((a) => variant(a, true))],
        cityTokens,
        areaTokens: new Set([city.provinceCode.toLowerCase(), normalizeText(city.region)]),
        postalCodes: new Set([street.postalCode, ...(street.postalCodes ?? []).map(([, cap]) => cap)]),
        anchors: [...street.anchors].sort((a, b) => a[0] - b[0]),
        cityRank: rank === -1 ? CITY_ORDER.length : rank,
      };
      const id = `musa:${city.slug}:${slug}`;
      if (byId.has(id)) throw new Error(`Duplicate gazetteer street ${id}`);
      byId.set(id, indexed);
      streets.push(indexed);
    }
  }
  return { streets, byId };
}

function getIndex() {
  index ??= buildIndex();
  return index;
}

// ---------------------------------------------------------------------------------------------
// Query parsing
// ---------------------------------------------------------------------------------------------

const HOUSE_NUMBER_RE = /^(\d{1,4})(?:\/?([a-z]|bis|ter))?$/;
const CAP_RE = /^\d{5}$/;

interface QueryToken {
  text: string;
  isLast: boolean;
  houseNumber: string | null;
  isCap: boolean;
}

function parseQuery(input: string): QueryToken[] {
  const words = normalizeText(input)
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  return words.map((text, i) => {
    const m = HOUSE_NUMBER_RE.exec(text);
    return {
      text,
      isLast: i === words.length - 1,
      houseNumber: m ? formatHouseNumber(m[1]!, m[2]) : null,
      isCap: CAP_RE.test(text),
    };
  });
}

function formatHouseNumber(digits: string, suffix: string | undefined): string {
  const n = String(Number(digits));
  return suffix ? `${n}/${suffix.toUpperCase()}` : n;
}

/** '12/A' → '12a' (for place ids); '2' → '2'. */
function houseNumberSlug(houseNumber: string): string {
  return houseNumber.toLowerCase().replace('/', '');
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

type MatchKind = 'exact' | 'prefix' | 'fuzzy';

function matchWord(query: QueryToken, word: string): MatchKind | null {
  const q = query.text;
  if (q === word) return 'exact';
  if (word.startsWith(q) && (q.length >= 3 || (query.isLast && q.length >= 1))) return 'prefix';
  // Typos: long words only, and not in the first letter (rare, and it keeps this cheap).
  if (q.length >= 5 && word.length >= 5 && q[0] === word[0]) {
    const max = q.length >= 9 ? 2 : 1;
    if (editDistance(q, word, max) <= max) return 'fuzzy';
    // A long typed prefix with a typo ('garibla' of 'garibaldi').
    if (query.isLast && word.length > q.length && editDistance(q, word.slice(0, q.length), 1) <= 1) return 'fuzzy';
  }
  return null;
}

interface Candidate {
  street: IndexedStreet;
  score: number;
  houseNumber: string | null;
}

function scoreVariant(street: IndexedStreet, variant: IndexedVariant, tokens: QueryToken[]): Candidate | null {
  const used = new Array<boolean>(variant.tokens.length).fill(false);
  let matchedCore = 0;
  let exact = 0;
  let prefix = 0;
  let fuzzy = 0;
  let typeMatched = false;
  let typeMismatch = false;
  let cityMatched = false;
  let capScore = 0;
  let houseNumber: string | null = null;
  let extraNumbers = 0;

  for (const token of tokens) {
    // Street words first: numbers in names ('XX Settembre' typed as '20 settembre') included.
    let best = -1;
    let bestKind: MatchKind | null = null;
    for (let i = 0; i < variant.tokens.length; i++) {
      if (used[i]) continue;
      const kind = matchWord(token, variant.tokens[i]!);
      if (kind && (bestKind === null || rank(kind) < rank(bestKind))) {
        best = i;
        bestKind = kind;
        if (kind === 'exact') break;
      }
    }
    if (best >= 0 && bestKind && !(token.houseNumber && bestKind !== 'exact')) {
      used[best] = true;
      if (!OPTIONAL_WORDS.has(variant.tokens[best]!)) matchedCore++;
      if (bestKind === 'exact') exact++;
      else if (bestKind === 'prefix') prefix++;
      else fuzzy++;
      continue;
    }
    if (token.isCap) {
      capScore += street.postalCodes.has(token.text) ? 5 : -10;
      continue;
    }
    if (token.houseNumber) {
      if (houseNumber === null) houseNumber = token.houseNumber;
      else extraNumbers++;
      continue;
    }
    if (STREET_TYPES.has(token.text)) {
      if (token.text === street.typeToken) typeMatched = true;
      else if (token === tokens[0])
        return null; // 'corso …' typed first means a corso
      else typeMismatch = true;
      continue;
    }
    if (token.isLast && token.text.length < 5 && street.typeToken.startsWith(token.text) && !typeMatched) {
      typeMatched = true; // typing the street type: 'cor' of 'corso'
      continue;
    }
    if (street.cityTokens.some((w) => matchWord(token, w) !== null)) {
      cityMatched = true;
      continue;
    }
    if (street.areaTokens.has(token.text)) continue;
    if (OPTIONAL_WORDS.has(token.text) || IGNORED_WORDS.has(token.text)) continue;
    return null;
  }
  if (matchedCore === 0) return null;
  const coverage = variant.coreCount === 0 ? 0 : matchedCore / variant.coreCount;
  const score =
    100 * coverage +
    (cityMatched ? 25 : 0) +
    (typeMatched ? 10 : 0) -
    (typeMismatch ? 20 : 0) +
    3 * exact -
    2 * prefix -
    6 * fuzzy -
    5 * extraNumbers +
    capScore -
    (variant.isAlias ? 1 : 0);
  return { street, score, houseNumber };
}

const rank = (kind: MatchKind) => (kind === 'exact' ? 0 : kind === 'prefix' ? 1 : 2);

function search(input: string): Candidate[] {
  const tokens = parseQuery(input);
  if (!tokens.some((t) => t.houseNumber === null && !t.isCap && !IGNORED_WORDS.has(t.text))) return [];
  const found: Candidate[] = [];
  for (const street of getIndex().streets) {
    let best: Candidate | null = null;
    for (const variant of street.variants) {
      const c = scoreVariant(street, variant, tokens);
      if (c && (!best || c.score > best.score)) best = c;
    }
    if (best) found.push(best);
  }
  return found.sort(
    (a, b) =>
      b.score - a.score ||
      a.street.cityRank - b.street.cityRank ||
      a.street.route.length - b.street.route.length ||
      a.street.route.localeCompare(b.street.route, 'it'),
  );
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

function placeIdOf(street: IndexedStreet, houseNumber: string | null): string {
  const base = `musa:${street.city.slug}:${street.slug}`;
  return houseNumber ? `${base}:${houseNumberSlug(houseNumber)}` : base;
}

function toPrediction(street: IndexedStreet, houseNumber: string | null): PlacePrediction {
  const mainText = houseNumber ? `${street.route}, ${houseNumber}` : street.route;
  const secondaryText = `${street.city.name}, ${street.city.provinceCode}, ${COUNTRY}`;
  return {
    placeId: placeIdOf(street, houseNumber),
    description: `${mainText}, ${secondaryText}`,
    mainText,
    secondaryText,
    hasStreetNumber: houseNumber !== null,
  };
}

/**
 * Address suggestions for what the user typed, best first (SPEC §9: at most 5, 3 on small
 * touch screens: pass `limit`). Case, accents and common abbreviations do not matter.
 */
export function autocomplete(input: string, limit = 5): PlacePrediction[] {
  if (limit <= 0 || input.trim().length < 2) return [];
  return search(input)
    .slice(0, limit)
    .map((c) => toPrediction(c.street, c.houseNumber));
}

function interpolate(anchors: readonly Anchor[], n: number): LatLng {
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  if (n <= first[0]) return { lat: first[1], lng: first[2] };
  if (n >= last[0]) return { lat: last[1], lng: last[2] };
  for (let i = 1; i < anchors.length; i++) {
    const b = anchors[i]!;
    if (n <= b[0]) {
      const a = anchors[i - 1]!;
      const t = (n - a[0]) / (b[0] - a[0]);
      return { lat: a[1] + (b[1] - a[1]) * t, lng: a[2] + (b[2] - a[2]) * t };
    }
  }
  return { lat: last[1], lng: last[2] };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function postalCodeFor(street: GazetteerStreet, n: number | null): string {
  if (n === null || !street.postalCodes) return street.postalCode;
  let cap = street.postalCode;
  for (const [from, code] of street.postalCodes) if (n >= from) cap = code;
  return cap;
}

const PLACE_ID_RE = /^musa:([a-z-]+):([a-z0-9-]+)(?::(\d{1,4})([a-z]|bis|ter)?)?$/;

/**
 * SPEC §3 Location for a place id from `autocomplete`, or null when the id is not ours.
 * Without a house number the point is the middle of the street and `streetNumber` is absent.
 */
export function placeDetails(placeId: string): Location | null {
  const m = PLACE_ID_RE.exec(placeId);
  if (!m) return null;
  const street = getIndex().byId.get(`musa:${m[1]}:${m[2]}`);
  if (!street) return null;
  const houseNumber = m[3] ? formatHouseNumber(m[3], m[4]) : null;
  const anchors = street.anchors;
  const n = houseNumber ? Number(m[3]) : null;
  const middle = Math.round((anchors[0]![0] + anchors[anchors.length - 1]![0]) / 2);
  const point = interpolate(anchors, n ?? middle);
  const { city } = street;
  return {
    address: houseNumber ? `${street.route}, ${houseNumber}, ${city.name}` : `${street.route}, ${city.name}`,
    googlePlaceId: placeIdOf(street, houseNumber),
    coordinates: { lat: round6(point.lat), lng: round6(point.lng) },
    components: {
      route: street.route,
      ...(houseNumber ? { streetNumber: houseNumber } : {}),
      city: city.name,
      province: city.province,
      provinceCode: city.provinceCode,
      region: city.region,
      postalCode: postalCodeFor(street.street, n),
      country: COUNTRY,
      countryCode: COUNTRY_CODE,
    },
  };
}

/** The best match for free text as a Location (the "second lookup" confirming a house number). */
export function geocode(input: string): Location | null {
  const [best] = autocomplete(input, 1);
  return best ? placeDetails(best.placeId) : null;
}

/** The same street with another house number: for a number typed in a separate field. */
export function withStreetNumber(placeId: string, streetNumber: string): Location | null {
  const m = PLACE_ID_RE.exec(placeId);
  const hn = HOUSE_NUMBER_RE.exec(normalizeText(streetNumber).replace(/\s+/g, ''));
  if (!m || !hn) return null;
  return placeDetails(`musa:${m[1]}:${m[2]}:${houseNumberSlug(formatHouseNumber(hn[1]!, hn[2]))}`);
}

/** Every city of the gazetteer (for docs and tests). */
export function gazetteerCities(): ReadonlyArray<{ slug: string; name: string; streets: number }> {
  return GAZETTEER.map((c) => ({ slug: c.slug, name: c.name, streets: c.streets.length }));
}
