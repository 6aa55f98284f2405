/**
 * The e2e API asked as the app asks it, for the bookings and answers a journey starts from (the
 * generated paths' real links, e2e/paths/links.ts; the professionals' journeys, e2e/pro.e2e.ts).
 */
import type { Location } from '../../contract/location';
import { API_URL } from './app';

type Json = Record<string, unknown>;

export interface Reply {
  status: number;
  body: Json;
}

/** One call: its status and its envelope as they came (a refusal is a reply too). */
export async function call(method: 'GET' | 'POST', path: string, payload?: unknown, bearer?: string): Promise<Reply> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
}

/** One call's data; a refusal throws with its status and envelope. */
export async function data<T>(method: 'GET' | 'POST', path: string, payload?: unknown, bearer?: string): Promise<T> {
  const reply = await call(method, path, payload, bearer);
  const result = reply.body.result as { success?: boolean; data?: unknown } | undefined;
  if (result?.success !== true)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return result.data as T;
}

/** The seeded Torino address every journey starts from, as the app resolves it (its suggestion, then its place). */
export async function torinoAddress(): Promise<Location> {
  const { predictions } = await data<{ predictions: { placeId: string }[] }>(
    'GET',
    `/geo/autocomplete?input=${encodeURIComponent('Via Roma 2 Torino')}`,
  );
  return (await data<{ location: Location }>('GET', `/geo/place/${encodeURIComponent(predictions[0]!.placeId)}`))
    .location;
}
