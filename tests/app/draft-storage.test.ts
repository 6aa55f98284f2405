// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../contract/constants';
import { pathOf } from '../../machines/app/routing';
import { createDraft, type Draft } from '../../machines/shared/draft';
import {
  LOCATION_TORINO,
  SERVICE_LISTS,
  SERVICES,
  SLOT_INSTANT,
  SLOT_TO_CONFIRM,
  TODAY,
  TOMORROW,
  YESTERDAY,
} from '../../machines/testing/fixtures';
import { SAVED_DRAFT_VERSION } from '../../contract/draft';
import { restoreDraft, saveDraftOnChange } from '../../src/app/draft-storage';
import type { AppActor } from '../../src/app/app-actor';
import { createHarness } from '../machines/harness';

afterEach(() => sessionStorage.clear());

const saved = (): unknown => JSON.parse(sessionStorage.getItem(STORAGE_KEYS.draft) ?? 'null');

/** A salotto draft complete up to its data step: 3 people, hair + estetica, one service each. */
const salottoDraft = (date = TOMORROW): Draft => {
  const chosen = [SERVICES.piega, SERVICES.manicure];
  return {
    ...createDraft(TODAY),
    location: LOCATION_TORINO,
    participants: 'salotto',
    participantsCount: 3,
    salottoCategories: ['hair', 'beauty'],
    salottoNotes: 'Festa di compleanno',
    date,
    availableTime: SLOT_INSTANT,
    services: { includedService: null, primaryService: null, secondaryServices: chosen, services: chosen },
  };
};

const entry = (draft: unknown, version: unknown = SAVED_DRAFT_VERSION) =>
  JSON.stringify({ version, draft, services: SERVICE_LISTS.salotto });

describe('the draft saved for a reload', () => {
  it('is saved on every change, and a restored actor lands back on the same step with every choice', async () => {
    const first = createHarness({ today: TODAY, draft: salottoDraft(), services: SERVICE_LISTS.salotto });
    saveDraftOnChange(first.actor as unknown as AppActor);
    await first.send({ type: 'route.changed', path: '/booking/salotto/details', search: '' });
    await first.send({ type: 'details.notes', notes: 'Tre amiche, una sposa' });
    expect(saved()).toMatchObject({ version: SAVED_DRAFT_VERSION, draft: { salottoNotes: 'Tre amiche, una sposa' } });

    // The reload: a new actor from what was saved, told the URL the browser shows.
    const reloaded = createHarness({ today: TODAY, ...restoreDraft(TODAY) });
    await reloaded.send({ type: 'route.changed', path: '/booking/salotto/details', search: '' });
    expect(pathOf(reloaded.actor.getSnapshot())).toBe('/booking/salotto/details');
    const { draft } = reloaded.actor.getSnapshot().context;
    expect(draft.participantsCount).toBe(3);
    expect(draft.salottoCategories).toEqual(['hair', 'beauty']);
    expect(draft.services.secondaryServices.map((s) => s.id)).toEqual(['piega', 'manicure']);
    expect(draft.salottoNotes).toBe('Tre amiche, una sposa');
    expect(draft.location).toEqual(LOCATION_TORINO);
  });

  it('keeps the salotto on its data step after a reload (the saved list tells each service its category)', async () => {
    sessionStorage.setItem(STORAGE_KEYS.draft, entry(salottoDraft()));
    const reloaded = createHarness({ today: TODAY, ...restoreDraft(TODAY) });
    await reloaded.send({ type: 'route.changed', path: '/booking/salotto/data', search: '' });
    expect(pathOf(reloaded.actor.getSnapshot())).toBe('/booking/salotto/data');
  });

  it('still sends a link past the first incomplete step back to it', async () => {
    const noServices = { ...salottoDraft(), services: createDraft(TODAY).services };
    sessionStorage.setItem(STORAGE_KEYS.draft, entry(noServices));
    const reloaded = createHarness({ today: TODAY, ...restoreDraft(TODAY) });
    await reloaded.send({ type: 'route.changed', path: '/booking/salotto/checkout', search: '' });
    expect(pathOf(reloaded.actor.getSnapshot())).toBe('/booking/salotto/service');
  });

  it('keeps the choice made on the step a reload lands on; a URL typed later still starts that step blank', async () => {
    const onCategory = {
      ...createDraft(TODAY),
      location: LOCATION_TORINO,
      participants: 'default' as const,
      category: 'beauty' as const,
    };
    sessionStorage.setItem(
      STORAGE_KEYS.draft,
      JSON.stringify({ version: SAVED_DRAFT_VERSION, draft: onCategory, services: null }),
    );
    const reloaded = createHarness({ today: TODAY, ...restoreDraft(TODAY) });
    await reloaded.send({ type: 'route.changed', path: '/booking/category', search: '', reload: true });
    expect(pathOf(reloaded.actor.getSnapshot())).toBe('/booking/category');
    expect(reloaded.actor.getSnapshot().context.draft.category).toBe('beauty');

    // SPEC §4: entering the category step (here by a typed URL, after the first load) clears it.
    await reloaded.send({ type: 'route.changed', path: '/booking/participants', search: '' });
    await reloaded.send({ type: 'route.changed', path: '/booking/category', search: '' });
    expect(reloaded.actor.getSnapshot().context.draft.category).toBeNull();
  });

  it('turns a day gone by into today, without its time', () => {
    sessionStorage.setItem(STORAGE_KEYS.draft, entry(salottoDraft(YESTERDAY)));
    const { draft } = restoreDraft(TODAY);
    expect(draft?.date).toBe(TODAY);
    expect(draft?.availableTime).toBeNull();
    expect(draft?.participantsCount).toBe(3);
  });

  it('keeps the time the confirmation modal accepted: a reload on checkout stays there; a day gone by drops it', async () => {
    const confirmed = { date: TOMORROW, time: SLOT_TO_CONFIRM };
    const onCheckout = { ...salottoDraft(), availableTime: SLOT_TO_CONFIRM };
    sessionStorage.setItem(
      STORAGE_KEYS.draft,
      JSON.stringify({
        version: SAVED_DRAFT_VERSION,
        draft: onCheckout,
        services: SERVICE_LISTS.salotto,
        confirmedTime: confirmed,
      }),
    );
    expect(restoreDraft(TODAY).confirmedTime).toEqual(confirmed);
    const reloaded = createHarness({ today: TODAY, ...restoreDraft(TODAY) });
    await reloaded.send({ type: 'route.changed', path: '/booking/salotto/checkout', search: '', reload: true });
    expect(pathOf(reloaded.actor.getSnapshot())).toBe('/booking/salotto/checkout');

    // Saved again as it changes, with the draft.
    saveDraftOnChange(reloaded.actor as unknown as AppActor);
    await reloaded.send({ type: 'details.notes', notes: 'Una sposa' });
    expect(saved()).toMatchObject({ confirmedTime: confirmed });

    sessionStorage.setItem(
      STORAGE_KEYS.draft,
      JSON.stringify({
        version: SAVED_DRAFT_VERSION,
        draft: { ...onCheckout, date: YESTERDAY },
        services: SERVICE_LISTS.salotto,
        confirmedTime: { ...confirmed, date: YESTERDAY },
      }),
    );
    expect(restoreDraft(TODAY).confirmedTime).toBeNull();
  });

  it('reads an entry saved before the confirmed time was kept: nothing confirmed', () => {
    sessionStorage.setItem(STORAGE_KEYS.draft, entry(salottoDraft()));
    expect(restoreDraft(TODAY).confirmedTime).toBeNull();
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['an older version', entry(salottoDraft(), 0)],
    ['a wrong field', entry({ ...salottoDraft(), participantsCount: 'tre' })],
    ['an unknown category', entry({ ...salottoDraft(), salottoCategories: ['nails'] })],
    ['no draft', JSON.stringify({ version: SAVED_DRAFT_VERSION })],
  ])('drops %s without failing and starts afresh', (_, json) => {
    sessionStorage.setItem(STORAGE_KEYS.draft, json);
    expect(restoreDraft(TODAY)).toEqual({});
    expect(sessionStorage.getItem(STORAGE_KEYS.draft)).toBeNull();
  });

  it('is forgotten on logout (the emptied draft has nothing to keep)', async () => {
    const harness = createHarness({ today: TODAY, draft: salottoDraft(), services: SERVICE_LISTS.salotto });
    saveDraftOnChange(harness.actor as unknown as AppActor);
    await harness.send({ type: 'route.changed', path: '/booking/salotto/details', search: '' });
    await harness.send({ type: 'details.notes', notes: 'x' });
    expect(saved()).not.toBeNull();
    await harness.send({ type: 'session.logout' });
    expect(saved()).toBeNull();
  });
});
