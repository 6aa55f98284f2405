import * as v from 'valibot';

/**
 * Search params (CONVENTIONS §5): every value is a string (the router's parse/stringify below
 * keep the query string as typed, so tokens and utm_* survive untouched); unknown keys stay.
 */
const optionalText = v.fallback(v.optional(v.string()), undefined);

export const keepSearchSchema = v.looseObject({
  utm_source: optionalText,
  utm_medium: optionalText,
  utm_campaign: optionalText,
  utm_content: optionalText,
});

export const loginSearchSchema = v.looseObject({ ...keepSearchSchema.entries, token: optionalText });
export const resetSearchSchema = v.looseObject({
  ...keepSearchSchema.entries,
  token: optionalText,
  email: optionalText,
});

/** `?a=1&b=x` → `{ a: '1', b: 'x' }`: no JSON guessing, so `token=123` stays a string. */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
