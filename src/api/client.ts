import * as v from 'valibot';
import { MESSAGES } from '../../contract/messages';
import {
  logoutCall,
  pathOf,
  type ApiCall,
  type CallParamsInput,
  type CallPayloadInput,
  type CallQueryInput,
  type CallResponse,
} from '../../contract/calls';
import { API_BASE_URL } from '../lib/env';
import { getCredential } from '../lib/storage';

/**
 * The API client of SPEC §7/§8: bearer credential, JSON bodies, the `{ result: { success, data,
 * error } }` envelope unwrapped, data checked with the call's valibot schema. Every failure becomes a
 * plain `Error` (an `ApiError`) whose message is the one to show the user.
 */

/**
 * The options a call needs (the contract's types): `params` for a templated path, `payload`/`query`
 * when it declares one.
 */
export type CallOptions<C extends ApiCall> = ([CallParamsInput<C>] extends [never]
  ? { params?: undefined }
  : { params: CallParamsInput<C> }) &
  ([CallPayloadInput<C>] extends [never] ? { payload?: undefined } : { payload: CallPayloadInput<C> }) &
  ([CallQueryInput<C>] extends [never] ? { query?: undefined } : { query?: CallQueryInput<C> }) & {
    signal?: AbortSignal;
  };

/** SPEC §8: the generic message when the server gives none (network down, HTML error page…). */
export const TRANSPORT_ERROR_MESSAGE = MESSAGES.transportError;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no reply arrived. */
  readonly status: number;
  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** The stored bearer credential, read at each call (it changes on login and logout). */
  getToken?: () => string | null;
  /** Called on a 401 reply, before the error is thrown (e.g. to clear the session). */
  onUnauthorized?: (error: ApiError) => void;
  /** SPEC §8: reads call an optional error callback; every failure is reported here. */
  onError?: (error: ApiError, call: { method: string; path: string }) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<C extends ApiCall>(callDef: C, ...options: OptionalIfEmpty<CallOptions<C>>): Promise<CallResponse<C>>;
  /** Whether a credential is stored now (the current-user query runs only then, SPEC §6). */
  hasToken(): boolean;
}

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type OptionalIfEmpty<T> = [RequiredKeys<T>] extends [never] ? [options?: T] : [options: T];

const envelopeShape = v.object({
  result: v.object({
    success: v.boolean(),
    data: v.optional(v.unknown()),
    error: v.nullish(v.object({ message: v.optional(v.string()) })),
  }),
});

function toSearch(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function resolvePath(callDef: ApiCall, params: unknown): string {
  try {
    return pathOf(callDef, (params ?? null) as Record<string, unknown> | null);
  } catch (cause) {
    // A call without the id it addresses never leaves the app.
    throw new ApiError(TRANSPORT_ERROR_MESSAGE, 0, { cause });
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE_URL).replace(/\/+$/, '');
  const getToken = options.getToken ?? getCredential;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function call<C extends ApiCall>(
    callDef: C,
    ...rest: OptionalIfEmpty<CallOptions<C>>
  ): Promise<CallResponse<C>> {
    const opts = (rest[0] ?? {}) as { params?: unknown; payload?: unknown; query?: unknown; signal?: AbortSignal };
    const method = callDef.method.toUpperCase();
    const path = resolvePath(callDef, opts.params);
    const fail = (message: string, status: number, cause?: unknown): never => {
      const error = new ApiError(message, status, { cause });
      console.error(`[api] ${method} ${path} → ${status || 'no reply'}: ${message}`);
      if (status === 401) options.onUnauthorized?.(error);
      options.onError?.(error, { method, path });
      throw error;
    };

    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = opts.payload !== undefined && method !== 'GET' && method !== 'HEAD';
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${toSearch(opts.query)}`, {
        method,
        headers,
        body: hasBody ? JSON.stringify(opts.payload) : undefined,
        signal: opts.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      return fail(TRANSPORT_ERROR_MESSAGE, 0, cause);
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      return fail(TRANSPORT_ERROR_MESSAGE, response.status, cause);
    }

    const envelope = v.safeParse(envelopeShape, body);
    if (!envelope.success) return fail(TRANSPORT_ERROR_MESSAGE, response.status, body);
    const { result } = envelope.output;
    const serverMessage = result.error?.message?.trim();
    if (!response.ok || !result.success) {
      return fail(serverMessage || TRANSPORT_ERROR_MESSAGE, response.ok ? 200 : response.status, body);
    }

    const data = v.safeParse(callDef.response, result.data);
    if (!data.success) {
      console.error(`[api] ${method} ${path}: unexpected data`, v.flatten(data.issues));
      return fail(TRANSPORT_ERROR_MESSAGE, response.status, new v.ValiError(data.issues));
    }
    return data.output as CallResponse<C>;
  }

  return { call, hasToken: () => Boolean(getToken()) };
}

/** The app's client: stored credential, `VITE_API_BASE_URL`. */
export const apiClient = createApiClient();

/**
 * Ends the session on the server (logout). Sent straight with fetch and `keepalive`, outside the
 * client's error and 401 hooks: the browser has already forgotten the token, whatever the answer.
 */
export function revokeSession(token: string, baseUrl: string = API_BASE_URL): void {
  void globalThis
    .fetch(`${baseUrl.replace(/\/+$/, '')}${logoutCall.route}`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      keepalive: true,
    })
    .catch(() => undefined);
}
