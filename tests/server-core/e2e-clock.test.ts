import { describe, expect, it } from 'vitest';
import { clockFromEnv } from '../../server/config/config';
import { e2eClockRoutes } from '../../server/runtime/e2e-clock.routes';

/**
 * The API's clock in the browser tests: E2E_NOW, flowing; moved by issue 29's journey past an
 * appointment and back. Everywhere else it is the real time, and nothing can move it.
 */
describe('the API clock', () => {
  const E2E = { E2E_FRESH_DB: '1', E2E_NOW: '2026-12-01T08:00:00.000Z' };
  const near = (a: Date, iso: string) => Math.abs(a.getTime() - Date.parse(iso)) < 5_000;

  it('real time, and no way to move it, without E2E_FRESH_DB and E2E_NOW', () => {
    for (const env of [{}, { E2E_NOW: E2E.E2E_NOW }, { E2E_FRESH_DB: '1' }]) {
      const clock = clockFromEnv(env);
      expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(5_000);
      expect(clock.moveTo).toBeUndefined();
    }
  });

  it('starts at E2E_NOW; moved, it jumps there; back, it is E2E_NOW’s flow again', () => {
    const clock = clockFromEnv(E2E);
    expect(near(clock(), E2E.E2E_NOW)).toBe(true);
    clock.moveTo!(new Date('2026-12-04T12:00:00.000Z'));
    expect(near(clock(), '2026-12-04T12:00:00.000Z')).toBe(true);
    clock.moveTo!(null);
    expect(near(clock(), E2E.E2E_NOW)).toBe(true);
  });

  it('POST /e2e/clock moves it and answers the new time, and puts it back', async () => {
    const clock = clockFromEnv(E2E);
    const routes = e2eClockRoutes(clock.moveTo!);
    const app = new (await import('hono')).Hono<{ Variables: { deps: { now: () => Date } } }>();
    app.use(async (c, next) => {
      c.set('deps', { now: clock });
      await next();
    });
    app.route('/', routes as never);
    const post = (body: unknown) =>
      app.request('/e2e/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const moved = await post({ at: '2026-12-04T12:00:00.000Z' });
    expect(moved.status).toBe(200);
    expect(near(clock(), '2026-12-04T12:00:00.000Z')).toBe(true);
    expect(((await moved.json()) as { result: { data: { now: string } } }).result.data.now.slice(0, 13)).toBe(
      '2026-12-04T12',
    );
    expect((await post({ at: null })).status).toBe(200);
    expect(near(clock(), E2E.E2E_NOW)).toBe(true);
  });
});
