import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { askResetPasswordCall, currentUserCall, loginCall, servicesCall, updateUserCall } from '../../contract/calls';
import { fail, ok } from '../../contract/envelope';
import { ApiError, TRANSPORT_ERROR_MESSAGE, createApiClient } from '../../src/api/client';
import { meQueryOptions, servicesQueryOptions } from '../../src/api/query-options';

const user = {
  id: 'u1',
  email: 'giulia@example.com',
  firstName: 'Giulia',
  lastName: 'Rossi',
  isProvider: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  phoneNumber: '3331234567',
  roles: [],
  accountEmail: 'giulia@example.com',
  location: null,
  allergies: null,
  fitToPlead: true,
  allowMarketing: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(reply: Response | Error, token: string | null = 'tok-1') {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    if (reply instanceof Error) throw reply;
    return reply;
  });
  const onUnauthorized = vi.fn();
  const api = createApiClient({ baseUrl: 'http://api.test/', getToken: () => token, fetch, onUnauthorized });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return { api, fetch, onUnauthorized };
}

describe('API client', () => {
  it('sends JSON with the bearer credential and returns the parsed data', async () => {
    const { api, fetch } = setup(json(ok({ token: 't2', user })));
    const result = await api.call(loginCall, { payload: { email: 'giulia@example.com', password: 'segreta123' } });
    expect(result.user.firstName).toBe('Giulia');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/login');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'giulia@example.com', password: 'segreta123' });
  });

  it('sends reads as GET with a query string and no bearer when signed out', async () => {
    const { api, fetch } = setup(json(ok({ services: { mainServices: null, secondaryServices: null } })), null);
    await api.call(servicesCall, { query: { category: 'estetica', lat: '45.07', lng: '7.68' } }).catch(() => undefined);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/services/list/v2?category=estetica&lat=45.07&lng=7.68');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('fills a templated path from params', async () => {
    const { api, fetch } = setup(json(ok({ user })));
    await api.call(updateUserCall, {
      params: { userId: 'u/1' },
      payload: {
        firstName: 'Giulia',
        lastName: 'Rossi',
        phoneNumber: '333',
        accountEmail: 'giulia@example.com',
        location: {
          address: 'Via Roma 2, Torino',
          googlePlaceId: 'p1',
          coordinates: { lat: 45.07, lng: 7.68 },
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
        },
      },
    });
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/users/u%2F1');
    expect(fetch.mock.calls[0]![1]?.method).toBe('PATCH');
  });

  it('throws the envelope’s message on a failed 2xx reply', async () => {
    const { api } = setup(json(fail('Email già registrata')));
    await expect(api.call(askResetPasswordCall, { payload: { email: 'a@b.it' } })).rejects.toThrow(
      'Email già registrata',
    );
  });

  it('throws the envelope’s message on an HTTP error and reports a 401', async () => {
    const { api, onUnauthorized } = setup(json(fail('Sessione scaduta'), 401));
    const error = await api.call(currentUserCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Sessione scaduta');
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('falls back to the generic Italian message when there is no envelope or no reply', async () => {
    const html = setup(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(html.api.call(currentUserCall)).rejects.toThrow(TRANSPORT_ERROR_MESSAGE);
    const offline = setup(new TypeError('Failed to fetch'));
    await expect(offline.api.call(currentUserCall)).rejects.toThrow(TRANSPORT_ERROR_MESSAGE);
  });

  it('refuses data that does not match the call’s schema', async () => {
    const { api } = setup(json(ok({ user: { ...user, email: 'non-una-email' } })));
    await expect(api.call(currentUserCall)).rejects.toThrow(TRANSPORT_ERROR_MESSAGE);
  });
});

describe('query options', () => {
  it('loads the current user with SPEC’s cache settings', async () => {
    const { api } = setup(json(ok({ user })));
    const options = meQueryOptions(api);
    expect(options.staleTime).toBe(5000);
    expect(options.gcTime).toBe(5 * 60 * 1000);
    expect(options.retry).toBe(false);
    const client = new QueryClient();
    const me = await client.fetchQuery(options);
    expect(me.email).toBe('giulia@example.com');
  });

  it('does not fetch services until category, coordinates and hair length are known', async () => {
    const { api, fetch } = setup(json(ok({ services: { mainServices: null, secondaryServices: null } })));
    const waiting = servicesQueryOptions({ category: 'hair', hairLength: null, coordinates: { lat: 45, lng: 7 } }, api);
    const client = new QueryClient();
    await expect(client.fetchQuery(waiting)).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();

    const beauty = servicesQueryOptions(
      { category: 'beauty', hairLength: null, coordinates: { lat: 45, lng: 7 } },
      api,
    );
    expect(beauty.staleTime).toBe(2000);
    await client.fetchQuery(beauty);
    expect(String(fetch.mock.calls[0]![0])).toContain('category=estetica');
  });
});
