import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDraft, type Draft } from '../../machines/shared/draft';
import type { DatabaseHandle } from '../../server/db/client';
import { createApiClient } from '../../src/api/client';
import { createQueryClient } from '../../src/api/query-options';
import { createCalls, prefetchServiceList } from '../../src/app/effects';
import type { Geocoder } from '../../src/app/geocoder-interface';
import { openPgliteTestDb } from '../server/helpers/pglite';
import { CapturingLogger, CapturingMailer, TestClock, buildTestApp } from '../server/helpers/test-app';
import { TORINO, createUser } from '../server/helpers/fixtures';
import { createUserToken } from '../../server/accounts/user-tokens';
import { PIEGA, WEDNESDAY, seedBookingData } from '../server/routes/booking-fixtures';

/**
 * The machine's reads go through TanStack Query with SPEC §7's stale times (services 2 s, times 0),
 * against the real API on PGlite: every request the app would send is counted at its fetch.
 */
let handle: DatabaseHandle;
const requests: string[] = [];

beforeAll(async () => {
  handle = await openPgliteTestDb();
  await seedBookingData(handle.db);
});
afterAll(() => handle.close());
beforeEach(() => void requests.splice(0));

function appCalls() {
  const clock = new TestClock();
  const app = buildTestApp(handle.db, clock, new CapturingMailer(), new CapturingLogger());
  const api = createApiClient({
    baseUrl: 'http://api.musa.test',
    getToken: () => null,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return app.fetch(request);
    },
  });
  const queryClient = createQueryClient();
  const geocoder = {} as Geocoder; // not called by these reads
  return { api, queryClient, calls: createCalls({ api, queryClient, geocoder, getTokenEmail: () => null }) };
}

const hairDraft = (): Draft => ({
  ...createDraft(WEDNESDAY),
  location: TORINO,
  participants: 'default',
  category: 'hair',
  hair: 'short',
});

const servicesRequests = () => requests.filter((r) => r === 'GET /services/list/v2').length;

describe('the machine reads through the query cache', () => {
  it('a back-and-forth to the service step asks the server once', async () => {
    const { calls } = appCalls();
    const first = await calls.loadServices({ draft: hairDraft(), flow: 'hair' });
    const again = await calls.loadServices({ draft: hairDraft(), flow: 'hair' });
    expect(first.mainServices?.sections.length).toBeGreaterThan(0);
    expect(again).toEqual(first);
    expect(servicesRequests()).toBe(1);
  });

  it('a list prefetched on the step before is the one the service step shows, with no second request', async () => {
    const { api, queryClient, calls } = appCalls();
    prefetchServiceList(queryClient, api, hairDraft());
    const list = await calls.loadServices({ draft: hairDraft(), flow: 'hair' });
    expect(list.mainServices?.sections.length).toBeGreaterThan(0);
    expect(servicesRequests()).toBe(1);
  });

  it('prefetches nothing while the draft does not say which list (no hair length yet)', async () => {
    const { api, queryClient } = appCalls();
    prefetchServiceList(queryClient, api, { ...hairDraft(), hair: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('a different hair length is a different list', async () => {
    const { calls } = appCalls();
    await calls.loadServices({ draft: hairDraft(), flow: 'hair' });
    await calls.loadServices({ draft: { ...hairDraft(), hair: 'long' }, flow: 'hair' });
    expect(servicesRequests()).toBe(2);
  });

  it('available times are never taken from the cache (stale time 0)', async () => {
    const { calls } = appCalls();
    const draft: Draft = {
      ...hairDraft(),
      services: { ...hairDraft().services, primaryService: { id: PIEGA } as Draft['services']['services'][number] },
    };
    const input = { request: { kind: 'booking' as const, draft, flow: 'hair' as const }, date: WEDNESDAY };
    await calls.loadAvailableTimes(input);
    await calls.loadAvailableTimes(input);
    expect(requests.filter((r) => r === 'POST /bookings/available-times')).toHaveLength(2);
  });
});

describe('a link’s check (issue 41: found by a replay that opened the same link twice)', () => {
  it('is asked of the server at each visit of its screen: a link is single-use, and the machine shows it checked', async () => {
    const { calls } = appCalls();
    const user = await createUser(handle.db, { password: null });
    const token = await createUserToken(handle.db, user.id, 'signup');
    const checks = () => requests.filter((r) => r === 'GET /check-signup-token').length;
    await calls.checkSignupToken({ token });
    await calls.checkSignupToken({ token });
    expect(checks()).toBe(2);
  });
});
