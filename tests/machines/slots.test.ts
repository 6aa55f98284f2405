/**
 * The times of a day and the professional filter (SPEC §4, §6, §8), the slots machine alone under
 * a parent that records what it is told, its calls answered by hand and its clock moved by hand.
 * Expectations from SPEC: a day's times are shown after at least ~1 s of loading
 * (DELAYS.slotsMinimumLoading), even when they come sooner; none, or a failure, shows no time; a new
 * day or professional asks again and hides the old times meanwhile; no day, no times. 'Filtra
 * professionista' lists the professionals she already met, says a failure, and APPLICA tells the
 * wizard her choice only when she made one.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, setup, type ActorRefFrom } from 'xstate';
import { DELAYS } from '../../contract/constants';
import type { ToastParams, TrackParams } from '../../machines/shared/effects';
import { slotsMachine, type SlotsInput, type TimesRequest } from '../../machines/slots/machine';
import {
  APPOINTMENT_ID,
  PROVIDERS,
  SLOT_INSTANT,
  SLOT_TO_CONFIRM,
  TODAY,
  TOMORROW,
} from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

const dayRequest = (date: string | null, keepProfessional = true): TimesRequest => ({
  kind: 'move',
  appointment: { id: APPOINTMENT_ID, token: null },
  date,
  keepProfessional,
});

function open(request: TimesRequest = dayRequest(TODAY), userId: string | null = 'u-1') {
  const calls = callsByHand(['loadAvailableTimes', 'loadProviders'] as const);
  const toasts: ToastParams[] = [];
  const popups: TrackParams[] = [];
  const told: unknown[] = [];
  const slots = slotsMachine.provide({
    actors: calls.actors,
    actions: {
      showToast: (_, params: ToastParams) => void toasts.push(params),
      track: (_, params: TrackParams) => void popups.push(params),
    },
  });
  const parent = setup({ actors: { slots } }).createMachine({
    invoke: { src: 'slots', id: 'slots', input: { request, userId } satisfies SlotsInput },
    on: { 'provider.set': { actions: ({ event }) => void told.push(event) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const child = () => actor.getSnapshot().children.slots as ActorRefFrom<typeof slotsMachine>;
  const seen = () => {
    const snapshot = child().getSnapshot();
    return {
      times: (snapshot.value as { times: string }).times,
      shown: snapshot.context.times,
      busy: snapshot.hasTag('busy'),
    };
  };
  const timesAsked = () => calls.sent.filter((call) => call.src === 'loadAvailableTimes').map((call) => call.input);
  return { ...calls, child, clock, seen, toasts, popups, told, timesAsked };
}

const ONE_SECOND = DELAYS.slotsMinimumLoading;

describe('the times of a day', () => {
  it('asks the day’s times and shows them only once the minimum loading time has passed', async () => {
    const slots = open();
    expect(slots.timesAsked()).toEqual([{ request: dayRequest(TODAY), date: TODAY }]);
    expect(slots.seen()).toEqual({ times: 'loading', shown: [], busy: true });
    await slots.settle('loadAvailableTimes', { output: [SLOT_INSTANT, SLOT_TO_CONFIRM] });
    expect(slots.seen()).toEqual({ times: 'loading', shown: [], busy: true });
    slots.clock.increment(ONE_SECOND);
    expect(slots.seen()).toEqual({ times: 'available', shown: [SLOT_INSTANT, SLOT_TO_CONFIRM], busy: false });
  });

  it('shows times that come after the minimum at once', async () => {
    const slots = open();
    slots.clock.increment(ONE_SECOND);
    expect(slots.seen()).toMatchObject({ times: 'loading', busy: true });
    await slots.settle('loadAvailableTimes', { output: [SLOT_INSTANT] });
    expect(slots.seen()).toEqual({ times: 'available', shown: [SLOT_INSTANT], busy: false });
  });

  it.each([
    ['sooner', true],
    ['later', false],
  ])('a day without times (answered %s than the minimum): empty, no time shown', async (_when, sooner) => {
    const slots = open();
    if (!sooner) slots.clock.increment(ONE_SECOND);
    await slots.settle('loadAvailableTimes', { output: [] });
    if (sooner) slots.clock.increment(ONE_SECOND);
    expect(slots.seen()).toEqual({ times: 'empty', shown: [], busy: false });
  });

  it.each([
    ['sooner', true],
    ['later', false],
  ])('a failed load (answered %s than the minimum): no time shown', async (_when, sooner) => {
    const slots = open();
    if (!sooner) slots.clock.increment(ONE_SECOND);
    await slots.settle('loadAvailableTimes', new Error('Errore del server'));
    if (sooner) slots.clock.increment(ONE_SECOND);
    expect(slots.seen()).toEqual({ times: 'failed', shown: [], busy: false });
  });

  it('another day hides the times shown and asks that day’s; the next answer waits its own minimum', async () => {
    const slots = open();
    await slots.settle('loadAvailableTimes', { output: [SLOT_INSTANT] });
    slots.clock.increment(ONE_SECOND);
    slots.child().send({ type: 'slots.requestChanged', request: dayRequest(TOMORROW) });
    expect(slots.seen()).toEqual({ times: 'loading', shown: [], busy: true });
    expect(slots.timesAsked().at(-1)).toEqual({ request: dayRequest(TOMORROW), date: TOMORROW });
    await slots.settle('loadAvailableTimes', { output: [SLOT_TO_CONFIRM] });
    expect(slots.seen()).toMatchObject({ times: 'loading', shown: [] });
    slots.clock.increment(ONE_SECOND);
    expect(slots.seen()).toEqual({ times: 'available', shown: [SLOT_TO_CONFIRM], busy: false });
  });

  it('the same day with another professional, asked while loading: asked again', () => {
    const slots = open();
    slots.child().send({ type: 'slots.requestChanged', request: dayRequest(TODAY, false) });
    expect(slots.timesAsked()).toEqual([
      { request: dayRequest(TODAY), date: TODAY },
      { request: dayRequest(TODAY, false), date: TODAY },
    ]);
  });

  it('no day: no times, nothing asked', async () => {
    const slots = open();
    await slots.settle('loadAvailableTimes', { output: [SLOT_INSTANT] });
    slots.clock.increment(ONE_SECOND);
    slots.child().send({ type: 'slots.requestChanged', request: dayRequest(null) });
    expect(slots.seen()).toEqual({ times: 'noDate', shown: [], busy: false });
    expect(slots.timesAsked()).toHaveLength(1);
    expect(slots.child().getSnapshot().context.request).toEqual(dayRequest(null));
  });
});

describe('Filtra professionista', () => {
  const filter = (slots: ReturnType<typeof open>) => {
    const snapshot = slots.child().getSnapshot();
    return {
      state: (snapshot.value as { filter: unknown }).filter,
      busy: snapshot.hasTag('busy'),
      providers: snapshot.context.providers,
    };
  };

  it('opens with its popup, lists the professionals she met (busy until they come)', async () => {
    const slots = open(dayRequest(TODAY), 'u-7');
    await slots.settle('loadAvailableTimes', { output: [SLOT_INSTANT] });
    slots.clock.increment(ONE_SECOND);
    slots.child().send({ type: 'providerFilter.open' });
    expect(slots.popups).toEqual([{ event: 'popup', label: 'filtro_professionista' }]);
    expect(slots.sent.at(-1)).toEqual({ src: 'loadProviders', input: { userId: 'u-7' } });
    expect(filter(slots)).toEqual({ state: { open: 'loading' }, busy: true, providers: [] });
    await slots.settle('loadProviders', { output: PROVIDERS });
    expect(filter(slots)).toEqual({ state: { open: 'ready' }, busy: false, providers: PROVIDERS });
  });

  it('a failed list: the reason in a toast, an empty list', async () => {
    const slots = open();
    slots.child().send({ type: 'providerFilter.open' });
    await slots.settle('loadProviders', new Error('Errore del server'));
    expect(slots.toasts).toEqual([{ type: 'error', title: 'Errore del server' }]);
    expect(filter(slots)).toMatchObject({ state: { open: 'ready' }, providers: [] });
  });

  it('APPLICA without a choice does nothing; with one, tells the wizard and closes', async () => {
    const slots = open();
    slots.child().send({ type: 'providerFilter.open' });
    await slots.settle('loadProviders', { output: PROVIDERS });
    slots.child().send({ type: 'providerFilter.apply' });
    expect(slots.told).toEqual([]);
    expect(filter(slots).state).toEqual({ open: 'ready' });
    slots.child().send({ type: 'providerFilter.select', providerId: PROVIDERS[0]!._id });
    slots.child().send({ type: 'providerFilter.apply' });
    expect(slots.told).toEqual([{ type: 'provider.set', providerId: PROVIDERS[0]!._id }]);
    expect(filter(slots).state).toBe('closed');
  });

  it.each(['providerFilter.apply', 'providerFilter.close'] as const)(
    'a choice does not outlive the dialog (%s, then opened again)',
    async (leaving) => {
      const slots = open();
      slots.child().send({ type: 'providerFilter.open' });
      await slots.settle('loadProviders', { output: PROVIDERS });
      slots.child().send({ type: 'providerFilter.select', providerId: PROVIDERS[0]!._id });
      slots.child().send({ type: leaving });
      expect(slots.child().getSnapshot().context.choice).toBeNull();
    },
  );
});
