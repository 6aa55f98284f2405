/**
 * Issue 28 on the real actor (calls and clock faked): what the hold of her time asks the API, what
 * the checkout's countdown reads, and what the pagehide beacon reads (`heldKey`: a key left behind
 * would send a release for nothing held). Expectations from the issue: her pick is asked for with
 * the draft she sees; the countdown ends SLOT_HOLD_MINUTES after the answer; a pick with no answer
 * is asked again for another time; whatever way she leaves the time, nothing is left held.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import {
  SLOT_INSTANT,
  SLOT_TO_CONFIRM,
  SERVICES,
  TODAY,
  TOMORROW,
  VALID_CHECKOUT_FORM,
} from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';
import { toHairData as toHairDataStep } from './journeys';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;
const asked = (h: Harness, src: string) => h.asked.filter((call) => call.src === src);

/** The hair flow's data step, with the day's times shown. */
async function toHairData(h: Harness, options?: { fromStart?: boolean }) {
  await toHairDataStep(h, options);
  await h.settle('loadAvailableTimes', 'slots');
  await h.elapse('slotsMinimumLoading');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the hold of the time she picked (issue 28)', () => {
  it('asks for the time she picked, with the draft she sees', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'time.set', availableTime: SLOT_TO_CONFIRM });
    const [call] = asked(h, 'holdSlot');
    const draft = (call?.input as { draft: AppContext['draft'] } | undefined)?.draft;
    expect(draft?.availableTime).toEqual(SLOT_TO_CONFIRM);
    expect(draft?.date).toBe(TODAY);
    expect(draft?.services.primaryService?.id).toBe(SERVICES.piega.id);
  });

  it('the countdown ends SLOT_HOLD_MINUTES after the hold (and each renewal) answered', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
    expect(context(h).holdDeadline).toBeNull();
    await h.settle('holdSlot', 'held');
    expect(context(h).holdDeadline).toBe(1_000_000 + 10 * 60_000);
    await h.send({ type: 'step.next' });
    await h.elapse('holdWarning');
    now.mockReturnValue(1_600_000);
    await h.send({ type: 'hold.extend' });
    await h.settle('renewHold', 'renewed');
    expect(context(h).holdDeadline).toBe(1_600_000 + 10 * 60_000);
  });

  it('a pick that got no answer: another time is asked for', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
    await h.settle('holdSlot', 'failed');
    await h.send({ type: 'time.set', availableTime: SLOT_TO_CONFIRM });
    const calls = asked(h, 'holdSlot');
    expect(calls).toHaveLength(2);
    expect((calls[1]?.input as { draft: AppContext['draft'] }).draft.availableTime).toEqual(SLOT_TO_CONFIRM);
  });

  it('lapsed on checkout: the day’s times, the time unpicked, and why', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
    await h.settle('holdSlot', 'held');
    await h.send({ type: 'step.next' });
    expect(context(h).step).toBe('hair-checkout');
    await h.elapse('holdWarning');
    await h.elapse('holdLastMinute');
    expect(context(h).step).toBe('hair-data');
    expect(context(h).draft.availableTime).toBeNull();
    expect(h.effects).toContainEqual({
      type: 'showToast',
      params: { type: 'warning', title: 'Il tempo per confermare questo orario è scaduto: sceglilo di nuovo.' },
    });
  });

  describe('nothing is left held, whatever way she leaves her time (the beacon reads heldKey)', () => {
    it('held, then another day: released, nothing held', async () => {
      const h = createHarness({ today: TODAY });
      await toHairData(h);
      await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
      await h.settle('holdSlot', 'held');
      expect(context(h).heldKey).not.toBeNull();
      await h.send({ type: 'date.set', date: TOMORROW });
      expect(asked(h, 'releaseHold')).toHaveLength(1);
      expect(context(h).heldKey).toBeNull();
      expect(context(h).holdDeadline).toBeNull();
    });

    it('unheld (no answer), then Back from the date step: nothing held, nothing to release', async () => {
      const h = createHarness({ today: TODAY });
      await toHairData(h);
      await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
      await h.settle('holdSlot', 'failed');
      await h.send({ type: 'step.back' });
      expect(context(h).heldKey).toBeNull();
      expect(asked(h, 'releaseHold')).toHaveLength(0);
    });

    it('booked, then a new booking from the start: nothing held, and her next pick is asked for', async () => {
      const h = createHarness({ today: TODAY });
      await toHairData(h);
      await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
      await h.settle('holdSlot', 'held');
      await h.send({ type: 'step.next' });
      await h.send({ type: 'checkout.submit', form: VALID_CHECKOUT_FORM });
      await h.settle('createBooking', 'ok');
      await h.send({ type: 'draft.reset' });
      expect(context(h).heldKey).toBeNull();
      await toHairData(h, { fromStart: false });
      await h.send({ type: 'time.set', availableTime: SLOT_TO_CONFIRM });
      expect(asked(h, 'holdSlot')).toHaveLength(2);
    });
  });
});
