/**
 * The draft's actions (SPEC §4) where the generated paths do not look: a step entered by a reload
 * keeps what the draft restored, the salotto's categories and the extras each removed alone, the
 * upsell's choice keeping the other groups' extras, the last extra taking the rest with it.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { pathOf, routeEvent } from '../../machines/app/routing';
import { createDraft } from '../../machines/shared/draft';
import { LOCATION_TORINO, SERVICE_LISTS, SERVICES, TODAY } from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;
const services = (h: Harness) => context(h).draft.services;

const hairDraft = {
  location: LOCATION_TORINO,
  participants: 'default' as const,
  category: 'hair' as const,
  hair: 'short' as const,
};

describe('a step entered again (SPEC §4) or reloaded', () => {
  it('the hair step clears the length when she comes to it, not when the page reloads on it', async () => {
    const reloaded = createHarness({ today: TODAY, draft: hairDraft });
    await reloaded.send(routeEvent('/booking/hair', '', true));
    expect(pathOf(reloaded.actor.getSnapshot())).toBe('/booking/hair');
    expect(context(reloaded).draft.hair).toBe('short');

    const back = createHarness({ today: TODAY, draft: hairDraft });
    await back.send(routeEvent('/booking/hair'));
    expect(pathOf(back.actor.getSnapshot())).toBe('/booking/hair');
    expect(context(back).draft.hair).toBeNull();
  });

  it('the category step clears the category, unless reloaded', async () => {
    const reloaded = createHarness({ today: TODAY, draft: hairDraft });
    await reloaded.send(routeEvent('/booking/category', '', true));
    expect(context(reloaded).draft).toMatchObject({ category: 'hair', hair: 'short' });
    const back = createHarness({ today: TODAY, draft: hairDraft });
    await back.send(routeEvent('/booking/category'));
    expect(context(back).draft).toMatchObject({ category: null, hair: null });
  });
});

describe('another category (SPEC §4: the services are the category’s)', () => {
  it('a category changed after a reload on its step drops the other category’s length and services; the same one keeps them', async () => {
    const withPiega = {
      ...hairDraft,
      services: {
        includedService: null,
        primaryService: SERVICES.piega,
        secondaryServices: [],
        services: [SERVICES.piega],
      },
    };
    const changed = createHarness({ today: TODAY, draft: withPiega });
    await changed.send(routeEvent('/booking/category', '', true));
    await changed.send({ type: 'category.set', category: 'beauty' });
    expect(context(changed).draft).toMatchObject({ category: 'beauty', hair: null });
    expect(services(changed).services).toEqual([]);

    const same = createHarness({ today: TODAY, draft: withPiega });
    await same.send(routeEvent('/booking/category', '', true));
    await same.send({ type: 'category.set', category: 'hair' });
    expect(context(same).draft).toMatchObject({ category: 'hair', hair: 'short' });
    expect(services(same).services.map((service) => service.id)).toEqual(['piega']);
  });
});

describe("the salotto's categories", () => {
  it('a category tapped again is taken off alone', async () => {
    const h = createHarness({
      today: TODAY,
      draft: { location: LOCATION_TORINO, participants: 'salotto', participantsCount: 3 },
    });
    await h.send(routeEvent('/booking/category-salotto'));
    expect(pathOf(h.actor.getSnapshot())).toBe('/booking/category-salotto');
    await h.send({ type: 'salottoCategory.toggle', category: 'hair' });
    await h.send({ type: 'salottoCategory.toggle', category: 'beauty' });
    await h.send({ type: 'salottoCategory.toggle', category: 'hair' });
    expect(context(h).draft.salottoCategories).toEqual(['beauty']);
  });
});

describe('the extras of the service step', () => {
  const atHairServices = async () => {
    const h = createHarness({ today: TODAY, draft: hairDraft });
    await h.send(routeEvent('/booking/hair/service'));
    await h.settle('loadServices', 'list');
    await h.send({ type: 'service.selectMain', service: SERVICES.piega });
    return h;
  };

  it('an extra removed leaves the others', async () => {
    const h = await atHairServices();
    await h.send({ type: 'service.addSecondary', service: SERVICES.maschera });
    await h.send({ type: 'service.addSecondary', service: SERVICES.frangia });
    await h.send({ type: 'service.removeSecondary', serviceId: SERVICES.maschera.id });
    expect(services(h).secondaryServices).toEqual([SERVICES.frangia]);
  });

  it("the upsell's option replaces its group's extra and keeps the others", async () => {
    const h = await atHairServices();
    await h.send({ type: 'service.toggleSecondary', service: SERVICES.maschera });
    await h.send({ type: 'service.toggleSecondary', service: SERVICES.frangia });
    await h.send({ type: 'upsell.choose', groupId: 'g-frangia', service: SERVICES.frangiaTendina });
    expect(services(h).secondaryServices).toEqual([SERVICES.maschera, SERVICES.frangiaTendina]);
  });

  it('removing all the extras clears the included, main and secondary services', async () => {
    const h = createHarness({ today: TODAY, draft: hairDraft });
    await h.send(routeEvent('/booking/hair/service'));
    await h.settle('loadServices', 'list');
    await h.send({ type: 'service.selectMain', service: SERVICES.colore });
    await h.send({ type: 'service.include', service: SERVICES.piega });
    await h.send({ type: 'service.toggleSecondary', service: SERVICES.maschera });
    expect(services(h)).toMatchObject({
      includedService: SERVICES.piega,
      primaryService: SERVICES.colore,
      secondaryServices: [SERVICES.maschera],
    });
    await h.send({ type: 'service.clearExtras' });
    expect(services(h)).toEqual(createDraft(TODAY).services);
  });

  it('without a main service, the last extra taken off takes the included service with it', async () => {
    const h = createHarness({ today: TODAY, draft: { ...hairDraft, category: 'beauty', hair: null } });
    await h.send(routeEvent('/booking/beauty/service'));
    await h.settle('loadServices', 'list');
    expect(context(h).services).toEqual(SERVICE_LISTS.beauty);
    await h.send({ type: 'service.include', service: SERVICES.manicure });
    await h.send({ type: 'service.toggleSecondary', service: SERVICES.manicure });
    await h.send({ type: 'service.toggleSecondary', service: SERVICES.manicure });
    expect(services(h)).toEqual(createDraft(TODAY).services);
  });
});
