import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  checkLocationCall,
  geoAutocompleteCall,
  geoPlaceCall,
  salottoServicesCall,
  servicesCall,
} from '../../../contract/calls';
import { MESSAGES } from '../../../contract/messages';
import { professionals } from '../../../server/db/schema/professionals';
import { API_MESSAGES } from '../../../server/http/messages';
import { describeEachDb } from '../helpers/databases';
import { call, dataOf, errorOf, PALERMO, TORINO } from '../helpers/fixtures';
import { MILANO, seedBookingData } from './booking-fixtures';

type List = v.InferOutput<typeof servicesCall.response>['services'];

const idsOf = (group: List['mainServices']) =>
  (group?.sections ?? []).flatMap((s) => s.items.flatMap((i) => i.services.map((x) => x.id)));
const findIn = (list: List, id: string) =>
  [list.mainServices, list.secondaryServices]
    .flatMap((g) => g?.sections ?? [])
    .flatMap((s) => s.items.flatMap((i) => i.services))
    .find((s) => s.id === id);

describeEachDb('catalogue, zones and geocoder', (t) => {
  const servicesAt = async (query: string) => {
    const reply = await call(t.app(), 'GET', `/services/list/v2?${query}`);
    return { reply, list: () => v.parse(servicesCall.response, dataOf(reply)).services };
  };

  describe('POST /bookings/check-location', () => {
    it('answers canBeServed true in Torino and Milano, false in Palermo', async () => {
      await seedBookingData(t.db);
      const app = t.app();
      for (const [location, expected] of [
        [TORINO, true],
        [MILANO, true],
        [PALERMO, false],
      ] as const) {
        const reply = await call(app, 'POST', '/bookings/check-location', {
          body: { bookingLocation: location },
        });
        expect(reply.status).toBe(200);
        expect(v.parse(checkLocationCall.response, dataOf(reply))).toEqual({
          canBeServed: expected,
        });
      }
    });

    it('answers 400 with the Italian message for an address not picked from suggestions', async () => {
      const reply = await call(t.app(), 'POST', '/bookings/check-location', {
        body: { bookingLocation: { address: 'Via Roma' } },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(MESSAGES.pickAddress);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const reply = await call(t.app(), 'POST', '/bookings/check-location', { body: '{oops' });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(API_MESSAGES.badJson);
    });
  });

  describe('GET /services/list/v2', () => {
    it('lists hair services in SPEC’s shape with prices and durations for the hair length', async () => {
      await seedBookingData(t.db);
      const long = await servicesAt('category=hair&hairLength=long&lat=45.0677&lng=7.6824');
      const short = await servicesAt('category=hair&hairLength=short&lat=45.0677&lng=7.6824');
      expect(long.reply.status).toBe(200);
      const list = long.list();
      expect(list.mainServices?.title).toBe('Scegli il servizio');
      expect(list.secondaryServices?.title).toBe('Aggiungi al tuo servizio');
      expect(list.mainServices?.sections[0]).toMatchObject({ title: 'Piega', itemType: 'radio' });
      // Piega liscia: €35 / 55 min for long hair, €25 / 35 min for very short hair.
      expect(findIn(list, 'capelli-piega-liscia')).toMatchObject({
        price: 35,
        durationMM: 55,
        _group_id: 'capelli-piega',
        hasVariants: true,
      });
      expect(findIn(short.list(), 'capelli-piega-liscia')).toMatchObject({
        price: 25,
        durationMM: 35,
      });
      expect(idsOf(list.mainServices).every((id) => id.startsWith('capelli-'))).toBe(true);
    });

    it('leaves out what no professional serving the address does', async () => {
      await seedBookingData(t.db);
      const before = (await servicesAt('category=hair&hairLength=medium&lat=45.0677&lng=7.6824')).list;
      expect(idsOf(before().mainServices)).toContain('capelli-balayage-piega');
      // Torino's hairdressers who do balayage stop working: only Martina (no balayage) is left.
      await t.db.update(professionals).set({ active: false }).where(eq(professionals.slug, 'pro-giulia-ferrero'));
      for (const slug of ['pro-sara-costa', 'pro-valentina-greco'])
        await t.db.update(professionals).set({ active: false }).where(eq(professionals.slug, slug));
      const after = (await servicesAt('category=hair&hairLength=medium&lat=45.0677&lng=7.6824')).list;
      expect(idsOf(after().mainServices)).not.toContain('capelli-balayage-piega');
      expect(idsOf(after().mainServices)).toContain('capelli-piega-liscia');
    });

    it('answers both groups null out of zone (Palermo)', async () => {
      await seedBookingData(t.db);
      const { reply, list } = await servicesAt('category=estetica&lat=38.1157&lng=13.3615');
      expect(reply.status).toBe(200);
      expect(list()).toEqual({ mainServices: null, secondaryServices: null });
    });

    it('lists estetica and make-up without a hair length', async () => {
      await seedBookingData(t.db);
      const estetica = (await servicesAt('category=estetica&lat=45.4781&lng=9.2093')).list();
      expect(idsOf(estetica.mainServices)).toContain('estetica-manicure-semipermanente');
      const makeup = (await servicesAt('category=make-up&lat=41.9&lng=12.49')).list();
      expect(idsOf(makeup.mainServices)).toContain('makeup-trucco-sposa');
    });

    it.each([
      ['an unknown category', 'category=unghie&lat=45&lng=7', MESSAGES.invalidCategory],
      ['hair without a hair length', 'category=hair&lat=45&lng=7', MESSAGES.selectOption],
      ['a bad hair length', 'category=hair&hairLength=xl&lat=45&lng=7', MESSAGES.selectOption],
      ['no coordinates', 'category=estetica', MESSAGES.required],
      ['coordinates that are not numbers', 'category=estetica&lat=a&lng=b', MESSAGES.invalidCoordinates],
      ['a latitude out of range', 'category=estetica&lat=95&lng=7', MESSAGES.invalidCoordinates],
    ])('answers 400 for %s', async (_case, query, message) => {
      const reply = await call(t.app(), 'GET', `/services/list/v2?${query}`);
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });
  });

  describe('GET /services/list/salotto', () => {
    it('answers one checkbox section per chosen category, in the order asked, no main services', async () => {
      await seedBookingData(t.db);
      const reply = await call(t.app(), 'GET', '/services/list/salotto?categories=make-up,hair');
      expect(reply.status).toBe(200);
      const { services } = v.parse(salottoServicesCall.response, dataOf(reply));
      expect(services.mainServices).toBeNull();
      expect(services.secondaryServices?.sections.map((s) => [s.title, s.itemType])).toEqual([
        ['Make up', 'checkbox'],
        ['Capelli', 'checkbox'],
      ]);
      const first = services.secondaryServices?.sections[1]?.items[0]?.services[0];
      expect(first).toMatchObject({ id: 'salotto-capelli-pieghe', priceStartingFrom: true });
    });

    it.each([
      ['no categories', '', MESSAGES.required],
      ['an empty list', '?categories=', MESSAGES.invalidCategory],
      ['an unknown category', '?categories=hair,unghie', MESSAGES.invalidCategory],
    ])('answers 400 for %s', async (_case, query, message) => {
      const reply = await call(t.app(), 'GET', `/services/list/salotto${query}`);
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toBe(message);
    });
  });

  describe('GET /geo/autocomplete and /geo/place/{id}', () => {
    it('suggests "Via Roma 2, Torino" and resolves it to a full location', async () => {
      const app = t.app();
      const auto = await call(app, 'GET', '/geo/autocomplete?input=via%20roma%202%20torino');
      expect(auto.status).toBe(200);
      const { predictions } = v.parse(geoAutocompleteCall.response, dataOf(auto));
      expect(predictions[0]).toMatchObject({
        placeId: 'musa:torino:via-roma:2',
        mainText: 'Via Roma, 2',
        hasStreetNumber: true,
      });
      const place = await call(app, 'GET', `/geo/place/${encodeURIComponent(predictions[0]!.placeId)}`);
      const { location } = v.parse(geoPlaceCall.response, dataOf(place));
      expect(location).toMatchObject({
        address: 'Via Roma, 2, Torino',
        components: { route: 'Via Roma', streetNumber: '2', city: 'Torino', provinceCode: 'TO' },
      });
    });

    it('caps suggestions at the limit asked (at most 5)', async () => {
      const app = t.app();
      const three = dataOf<{ predictions: unknown[] }>(
        await call(app, 'GET', '/geo/autocomplete?input=via%20roma&limit=3'),
      );
      expect(three.predictions.length).toBeLessThanOrEqual(3);
      const tooMany = await call(app, 'GET', '/geo/autocomplete?input=via%20roma&limit=50');
      expect(tooMany.status).toBe(400);
    });

    it('adds a typed house number to a street chosen without one', async () => {
      const reply = await call(t.app(), 'GET', '/geo/place/musa:torino:via-roma?streetNumber=12');
      const { location } = v.parse(geoPlaceCall.response, dataOf(reply));
      expect(location.address).toBe('Via Roma, 12, Torino');
      expect(location.components.streetNumber).toBe('12');
    });

    it('answers 404 with an Italian message for an unknown place id', async () => {
      const reply = await call(t.app(), 'GET', '/geo/place/musa:torino:via-che-non-esiste');
      expect(reply.status).toBe(404);
      expect(errorOf(reply)).toBe(API_MESSAGES.placeNotFound);
    });

    it('answers 400 for an empty input and for a house number that is not one', async () => {
      const app = t.app();
      const empty = await call(app, 'GET', '/geo/autocomplete?input=%20');
      expect(empty.status).toBe(400);
      expect(errorOf(empty)).toBe(MESSAGES.required);
      const bad = await call(app, 'GET', '/geo/place/musa:torino:via-roma?streetNumber=abc');
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toBe(MESSAGES.streetNumberRequired);
    });
  });
});
