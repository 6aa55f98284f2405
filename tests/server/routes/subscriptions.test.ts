import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import { listSubscriptions } from '../../../server/db/schema/accounts';
import { describeEachDb } from '../helpers/databases';
import { call, errorOf, PALERMO, TORINO } from '../helpers/fixtures';

const BARI = {
  ...PALERMO,
  address: 'Via Sparano, 1, Bari',
  googlePlaceId: 'place-bari-via-sparano-1',
  components: {
    ...PALERMO.components,
    route: 'Via Sparano',
    streetNumber: '1',
    city: 'Bari',
    postalCode: '70121',
  },
};

describeEachDb('out-of-zone list', (t) => {
  const rows = async () => (await t.db.select({ n: count() }).from(listSubscriptions))[0]!.n;

  describe('POST /subscribe-to-list', () => {
    it('stores the e-mail and the address and answers success', async () => {
      const reply = await call(t.app(), 'POST', '/subscribe-to-list', {
        body: { email: 'Anna@Example.it', location: PALERMO },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ result: { success: true, data: {} } });
      const [row] = await t.db.select().from(listSubscriptions);
      expect(row).toMatchObject({
        email: 'anna@example.it',
        zoneKey: 'it:city:palermo',
        location: PALERMO,
      });
    });

    it('is idempotent per e-mail and zone: the same city twice is one subscription, a new city another', async () => {
      const app = t.app();
      const otherStreet = {
        ...PALERMO,
        address: 'Via Libertà, 5, Palermo',
        googlePlaceId: 'place-palermo-liberta-5',
      };
      for (const body of [
        { email: 'anna@example.it', location: PALERMO },
        { email: 'ANNA@example.it', location: otherStreet },
        { email: 'anna@example.it', location: BARI },
        { email: 'sara@example.it', location: PALERMO },
      ]) {
        expect((await call(app, 'POST', '/subscribe-to-list', { body })).status).toBe(200);
      }
      expect(await rows()).toBe(3);
    });

    it.each([
      ['no e-mail', { location: TORINO }, MESSAGES.required],
      ['a malformed e-mail', { email: 'anna@', location: TORINO }, MESSAGES.invalidFormat],
      ['no location', { email: 'anna@example.it' }, MESSAGES.required],
      [
        'an address not picked from suggestions',
        { email: 'anna@example.it', location: { address: 'Palermo' } },
        MESSAGES.pickAddress,
      ],
    ])('answers 400 for %s and stores nothing', async (_case, body, message) => {
      const reply = await call(t.app(), 'POST', '/subscribe-to-list', { body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
      expect(await rows()).toBe(0);
    });
  });
});
