/**
 * Every machine module loads and its machine starts, checked inside a test. A machine whose
 * definition breaks at load (an event list with an empty name, a target that does not exist) makes
 * every test file that imports it fail to load, and Stryker's vitest runner counts a file that fails
 * to load as no test at all: the mutant would look alive. Here the same break fails a test.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { createDraft } from '../../machines/shared/draft';
import { TODAY } from '../../machines/testing/fixtures';

const MODULES = {
  app: () => import('../../machines/app/machine').then((m) => m.appMachine as unknown as AnyStateMachine),
  'address-picker': () => import('../../machines/address-picker/machine').then((m) => m.addressPickerMachine),
  checkout: () => import('../../machines/checkout/machine').then((m) => m.checkoutMachine),
  confirmation: () => import('../../machines/confirmation/machine').then((m) => m.confirmationMachine),
  coupon: () => import('../../machines/coupon/machine').then((m) => m.couponMachine),
  'out-of-zone': () => import('../../machines/out-of-zone/machine').then((m) => m.outOfZoneMachine),
  'profile-dialog': () => import('../../machines/profile-dialog/machine').then((m) => m.profileDialogMachine),
  slots: () => import('../../machines/slots/machine').then((m) => m.slotsMachine),
  upsell: () => import('../../machines/upsell/machine').then((m) => m.upsellMachine),
  appointment: () => import('../../machines/appointment/machine').then((m) => m.appointmentMachine),
  reschedule: () => import('../../machines/reschedule/machine').then((m) => m.rescheduleMachine),
  waitlist: () => import('../../machines/waitlist/machine').then((m) => m.waitlistMachine),
  rating: () => import('../../machines/rating/machine').then((m) => m.ratingMachine),
} satisfies Record<string, () => Promise<AnyStateMachine>>;

/** An input every machine accepts (each reads the fields it needs). */
const INPUT = {
  today: TODAY,
  draft: createDraft(TODAY),
  request: { kind: 'booking', draft: createDraft(TODAY), flow: 'hair' },
  flow: 'hair',
  userId: null,
  location: null,
  key: { id: 'a1', token: null },
  email: null,
  services: null,
};

describe('every machine', () => {
  it.each(Object.keys(MODULES) as (keyof typeof MODULES)[])('%s loads and starts', async (name) => {
    const machine = await MODULES[name]();
    const actor = createActor(machine, { input: INPUT });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(errors).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

describe('every call a machine leaves to the app', () => {
  const WITH_CALLS = (Object.keys(MODULES) as (keyof typeof MODULES)[]).filter(
    (name) => name !== 'confirmation' && name !== 'upsell',
  );
  it.each(WITH_CALLS)('%s: when the app does not provide it, it fails saying which one', async (name) => {
    const machine = await MODULES[name]();
    const calls = Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>).filter(
      ([, logic]) => !('getStateNodeById' in logic),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const [call, logic] of calls) {
      const failure = await new Promise<unknown>((resolve) => {
        const actor = createActor(logic, { input: {} });
        actor.subscribe({ error: resolve, complete: () => resolve(null) });
        actor.start();
      });
      expect(failure, call).toEqual(new Error(`${call} is not provided: pass it with machine.provide()`));
    }
  });
});
