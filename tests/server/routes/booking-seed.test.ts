import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { services, zones } from '../../../server/db/schema/catalogue';
import { coupons, giftCards } from '../../../server/db/schema/coupons';
import { professionals } from '../../../server/db/schema/professionals';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../../server/db/seed/accounts';
import { seed } from '../../../server/db/seed/index';
import { describeEachDb } from '../helpers/databases';
import { call, dataOf } from '../helpers/fixtures';

describeEachDb('booking seed (npm run db:seed)', (t) => {
  it('fills the catalogue, the zones, 20+ professionals and the codes', async () => {
    await seed(t.db);
    const pros = await t.db.select().from(professionals);
    expect(pros.length).toBeGreaterThanOrEqual(20);
    expect(pros.every((p) => p.zoneIds.length > 0 && p.skillCategories.length > 0)).toBe(true);
    expect(pros.every((p) => p.weeklyHours.length > 0)).toBe(true);
    expect(pros.some((p) => p.hoursConfirmed)).toBe(true);
    expect(pros.some((p) => !p.hoursConfirmed)).toBe(true);
    expect((await t.db.select().from(zones)).map((z) => z.id).sort()).toEqual(['milano', 'roma', 'torino']);
    expect((await t.db.select({ n: count() }).from(services))[0]!.n).toBeGreaterThan(40);
    const codes = await t.db.select().from(coupons);
    expect(codes.find((c) => c.code === 'BENVENUTA10')).toMatchObject({
      kind: 'percent',
      value: 10,
      firstBookingOnly: true,
    });
    expect(codes.some((c) => c.validUntil !== null && c.validUntil < '2026-01-01')).toBe(true);
    expect(codes.some((c) => c.category !== null)).toBe(true);
    expect(await t.db.select().from(giftCards)).toMatchObject([{ code: 'REGALO50', balance: 50, initialBalance: 50 }]);
  });

  it('gives the demo customer a past booking with a real professional for the filter', async () => {
    t.clock.set(new Date()); // the seed dates its history from the real clock
    await seed(t.db);
    const app = t.app();
    const login = dataOf<{ token: string; user: { id: string } }>(
      await call(app, 'POST', '/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
    );
    const { providers } = dataOf<{ providers: { firstName: string; lastName: string }[] }>(
      await call(app, 'GET', `/users/${login.user.id}/providers`, { token: login.token }),
    );
    // Two customers rated her (issue 29): still 'Nuova'.
    expect(providers).toEqual([
      expect.objectContaining({ firstName: 'Giulia', lastName: 'Ferrero', rating: { average: null, count: 2 } }),
    ]);
    // Her own past appointment with Giulia waits for her rating ('Valuta').
    const { toRate } = dataOf<{ toRate: { professionals: string[] }[] }>(
      await call(app, 'GET', '/me/next', { token: login.token }),
    );
    expect(toRate).toEqual([expect.objectContaining({ professionals: ['Giulia'] })]);
  });

  it('runs again without duplicating anything or refilling a used gift card', async () => {
    await seed(t.db);
    await t.db.update(giftCards).set({ balance: 12 }).where(eq(giftCards.code, 'REGALO50'));
    const before = (await t.db.select({ n: count() }).from(professionals))[0]!.n;
    await seed(t.db);
    expect((await t.db.select({ n: count() }).from(professionals))[0]!.n).toBe(before);
    expect((await t.db.select().from(giftCards))[0]!.balance).toBe(12);
  });
});
