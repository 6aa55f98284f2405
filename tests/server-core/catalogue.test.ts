import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { serviceListSchema } from '../../contract/service';
import { API_CATEGORIES } from '../../contract/constants';
import { SECTIONS, SERVICES } from '../../server/seed-data/catalogue';
import { PROFESSIONALS } from '../../server/seed-data/professionals';
import { COUPONS, GIFT_CARDS } from '../../server/seed-data/coupons';
import { ZONES } from '../../server/seed-data/zones';
import { buildSalottoServiceList, buildServiceList, servicePrice } from '../../server/catalogue/catalogue';
import { parseHHmm } from '../../server/domain/time';

const SEEDED = { services: SERVICES, sections: SECTIONS };

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

describe('catalogue seed', () => {
  it('has unique ids and puts every service in exactly one section of its category', () => {
    const ids = SERVICES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const placed = SECTIONS.flatMap((section) =>
      section.serviceIds.map((id) => {
        const service = SERVICES.find((s) => s.id === id);
        expect(service, id).toBeDefined();
        expect(service!.category).toBe(section.category);
        expect(service!.salotto).toBe(section.audience === 'salotto');
        return id;
      }),
    );
    expect([...placed].sort()).toEqual([...ids].sort());
  });

  it('offers main and secondary, radio and checkbox sections in every category', () => {
    for (const category of API_CATEGORIES) {
      const sections = SECTIONS.filter((s) => s.category === category && s.audience === 'default');
      expect(sections.some((s) => s.role === 'main')).toBe(true);
      expect(sections.some((s) => s.role === 'secondary' && s.itemType === 'checkbox')).toBe(true);
      expect(sections.some((s) => s.itemType === 'radio')).toBe(true);
      expect(SECTIONS.some((s) => s.category === category && s.audience === 'salotto')).toBe(true);
    }
  });

  it('has variant groups of several options, e.g. manicure classica / semipermanente / gel', () => {
    const manicure = SERVICES.filter((s) => s.groupId === 'estetica-manicure').map((s) => s.name);
    expect(manicure).toEqual(['Manicure classica', 'Manicure semipermanente', 'Ricostruzione unghie in gel']);
    const groups = new Map<string, number>();
    for (const s of SERVICES) if (s.groupId) groups.set(s.groupId, (groups.get(s.groupId) ?? 0) + 1);
    expect([...groups.values()].every((n) => n > 1)).toBe(true);
    expect(groups.size).toBeGreaterThanOrEqual(10);
  });

  it('prices hair by length (short ≤ medium ≤ long) and marks starting prices, quotes and products', () => {
    for (const s of SERVICES.filter((x) => x.priceByHairLength)) {
      expect(servicePrice(s, 'short')).toBeLessThanOrEqual(servicePrice(s, 'medium'));
      expect(servicePrice(s, 'medium')).toBeLessThanOrEqual(servicePrice(s, 'long'));
    }
    expect(SERVICES.filter((s) => s.category === 'hair' && s.priceByHairLength).length).toBeGreaterThan(8);
    expect(SERVICES.some((s) => s.priceStartingFrom && !s.salotto)).toBe(true);
    expect(SERVICES.some((s) => s.isManualFlow && !s.salotto)).toBe(true);
    for (const s of SERVICES.filter((x) => x.excludeFromBooking)) expect(s.durationMM).toBe(0);
    expect(
      SERVICES.filter((s) => s.excludeFromBooking)
        .map((s) => s.category)
        .sort(),
    ).toEqual(['estetica', 'hair', 'make-up']);
  });

  it('has an image file for every service', () => {
    for (const s of SERVICES) {
      expect(s.image).toMatch(/^\/images\/[a-z-]+\.svg$/);
      expect(existsSync(`${publicDir}${s.image}`), s.image).toBe(true);
    }
  });
});

describe('service lists', () => {
  it('builds the SPEC shape for hair with prices of the chosen length and grouped variants', () => {
    const list = v.parse(serviceListSchema, buildServiceList('hair', 'long', SEEDED));
    expect(list.mainServices?.sections.map((s) => s.title)).toEqual([
      'Piega',
      'Taglio',
      'Colore',
      'Schiariture',
      'Acconciature',
    ]);
    const piega = list.mainServices!.sections[0]!.items[0]!;
    expect(piega.id).toBe('capelli-piega');
    expect(piega.services.map((s) => [s.name, s.price, s.hasVariants])).toEqual([
      ['Piega liscia', 35, true],
      ['Piega mossa', 38, true],
      ['Piega con onde', 45, true],
    ]);
    const short = v.parse(serviceListSchema, buildServiceList('hair', 'short', SEEDED));
    expect(short.mainServices!.sections[0]!.items[0]!.services[0]!.price).toBe(25);
    expect(list.secondaryServices?.title).toBe('Aggiungi al tuo servizio');
  });

  it('sends the form description and on-quote services with a null price (read as 0)', () => {
    const list = buildServiceList('hair', 'medium', SEEDED);
    const service = list
      .mainServices!.sections.flatMap((s) => s.items)
      .flatMap((i) => i.services)
      .find((s) => s.id === 'capelli-correzione-colore')!;
    expect(service.price).toBeNull();
    expect(service.isManualFlow).toBe(true);
    const parsed = v.parse(serviceListSchema, list);
    const parsedService = parsed
      .mainServices!.sections.flatMap((s) => s.items)
      .flatMap((i) => i.services)
      .find((s) => s.id === 'capelli-correzione-colore')!;
    expect(parsedService.description).toMatch(/^Raccontaci/);
  });

  it('lists estetica and make-up, and salotto services for the chosen categories in order', () => {
    for (const category of ['estetica', 'make-up'] as const) {
      expect(v.safeParse(serviceListSchema, buildServiceList(category, null, SEEDED)).success).toBe(true);
    }
    const salotto = v.parse(serviceListSchema, buildSalottoServiceList(['make-up', 'hair'], SEEDED));
    expect(salotto.mainServices).toBeNull();
    expect(salotto.secondaryServices?.sections.map((s) => [s.title, s.itemType])).toEqual([
      ['Make up', 'checkbox'],
      ['Capelli', 'checkbox'],
    ]);
  });
});

describe('professionals, zones and coupons seed', () => {
  it('has 22+ professionals with valid zones, skills and hours, instant and on request', () => {
    expect(PROFESSIONALS.length).toBeGreaterThanOrEqual(22);
    expect(new Set(PROFESSIONALS.map((p) => p.id)).size).toBe(PROFESSIONALS.length);
    const zoneIds = ZONES.map((z) => z.id);
    for (const p of PROFESSIONALS) {
      expect(
        p.zoneIds.every((z) => zoneIds.includes(z)),
        p.id,
      ).toBe(true);
      expect(p.skills.categories.length).toBeGreaterThan(0);
      for (const h of p.hours) expect(parseHHmm(h.start)).toBeLessThan(parseHHmm(h.end));
    }
    expect(PROFESSIONALS.some((p) => p.hoursConfirmed)).toBe(true);
    expect(PROFESSIONALS.some((p) => !p.hoursConfirmed)).toBe(true);
  });

  it('covers every category in every served zone', () => {
    for (const zone of ZONES) {
      for (const category of API_CATEGORIES) {
        const who = PROFESSIONALS.filter((p) => p.zoneIds.includes(zone.id) && p.skills.categories.includes(category));
        expect(who.length, `${zone.id}/${category}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('seeds BENVENUTA10, an expired code, a category code and the REGALO50 gift card', () => {
    expect(COUPONS.find((c) => c.code === 'BENVENUTA10')).toMatchObject({
      kind: 'percent',
      value: 10,
      firstBookingOnly: true,
    });
    expect(COUPONS.find((c) => c.code === 'ESTATE2025')?.validUntil).toBe('2025-09-30');
    expect(COUPONS.find((c) => c.code === 'MAKEUP15')).toMatchObject({
      category: 'make-up',
      value: 15,
    });
    expect(GIFT_CARDS.find((g) => g.code === 'REGALO50')).toMatchObject({
      balance: 50,
      initialBalance: 50,
    });
  });
});
