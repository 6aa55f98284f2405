/** SPEC §2/§4 behaviour of the real actor (children and effects faked), as a user would notice it. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { appMachine } from '../../machines/app/machine';
import type { AppContext } from '../../machines/app/context';
import { pathOf, resolveStep, routeEvent, screenOf } from '../../machines/app/routing';
import { createDraft } from '../../machines/shared/draft';
import type { LoadTimesInput } from '../../machines/slots/machine';
import {
  LOCATION_TORINO,
  SERVICES,
  SLOT_INSTANT,
  SLOT_TO_CONFIRM,
  TODAY,
  TOMORROW,
  VALID_CHECKOUT_FORM,
} from '../../machines/testing/fixtures';
import type { BrowserEvent } from '../../machines/testing/browser';
import type { PathStep } from '../../machines/paths';
import { createHarness, type Harness } from './harness';
import { toHairData } from './journeys';

const context = (h: Harness) => h.actor.getSnapshot().context as AppContext;
const path = (h: Harness) => pathOf(h.actor.getSnapshot());

/** The day's times answered (after the minimum loading) and the instant slot taken: the step goes on. */
const pickInstantSlot = async (h: Harness) => {
  await h.settle('loadAvailableTimes', 'slots');
  await h.elapse('slotsMinimumLoading');
  await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
  await h.send({ type: 'step.next' });
};

describe('routing', () => {
  it('maps URLs to screens (SPEC §2)', () => {
    expect(screenOf('/')).toBe('home');
    expect(screenOf('/login', '?token=x')).toBe('loginWithToken');
    expect(screenOf('/reset-password', '?token=x')).toBe('resetPasswordWithoutToken');
    expect(screenOf('/reset-password', '?token=x&email=a%40b.it')).toBe('resetPassword');
    expect(screenOf('/booking/hair/service')).toBe('booking');
    expect(screenOf('/booking/hair/details')).toBe('notFound');
  });

  it('answers a deep link with the first incomplete step', () => {
    expect(resolveStep(createDraft(TODAY), null, '/booking/hair/checkout')).toBe('location');
  });

  it('without a session / goes to the booking start; with one, /login goes to /', async () => {
    const visitor = createHarness({ today: TODAY });
    await visitor.send(routeEvent('/'));
    expect(path(visitor)).toBe('/booking/location');
    const customer = createHarness({ today: TODAY, hasCredential: true });
    await customer.send(routeEvent('/login'));
    expect(path(customer)).toBeNull();
    await customer.settle('loadProfile', 'ok');
    expect(path(customer)).toBe('/');
    await customer.send(routeEvent('/ask-reset-password'));
    expect(path(customer)).toBe('/');
  });

  it('a failed profile load clears the session and shows the booking start', async () => {
    const customer = createHarness({ today: TODAY, hasCredential: true });
    await customer.send(routeEvent('/'));
    await customer.settle('loadProfile', 'failed');
    expect(path(customer)).toBe('/booking/location');
    expect(customer.effects.map((e) => e.type)).toContain('clearCredential');
  });

  it('/reset-password without token and e-mail goes to /login', async () => {
    const visitor = createHarness({ today: TODAY });
    await visitor.send(routeEvent('/reset-password'));
    expect(path(visitor)).toBe('/login');
  });
});

describe('wizard (SPEC §4)', () => {
  it('entering the service step sets today and clears the time; back from data resets the date', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    expect(path(h)).toBe('/booking/hair/data');
    await h.send({ type: 'date.set', date: TOMORROW });
    expect(context(h).draft.date).toBe(TOMORROW);
    await h.send({ type: 'step.back' });
    expect(path(h)).toBe('/booking/hair/service');
    expect(context(h).draft.date).toBe(TODAY);
    expect(context(h).draft.availableTime).toBeNull();
  });

  it("the browser's back to the services starts the day afresh too", async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'date.set', date: TOMORROW });
    await h.send(routeEvent('/booking/hair/service'));
    expect(path(h)).toBe('/booking/hair/service');
    expect(context(h).draft.date).toBe(TODAY);
  });

  it('SPEC §4 draft actions no screen sends yet: include, add, remove extras, clear them, reset', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'step.back' });
    await h.settle('loadServices', 'list');
    const services = () => context(h).draft.services;
    await h.send({ type: 'service.include', service: SERVICES.colore });
    expect(services().includedService).toEqual(SERVICES.colore);
    await h.send({ type: 'service.addSecondary', service: SERVICES.maschera });
    await h.send({ type: 'service.addSecondary', service: SERVICES.maschera });
    expect(services().secondaryServices).toEqual([SERVICES.maschera]);
    await h.send({ type: 'service.removeSecondary', serviceId: SERVICES.maschera.id });
    // The main service chosen is no extra: it stays.
    expect(services()).toMatchObject({ primaryService: SERVICES.piega, secondaryServices: [] });
    await h.send({ type: 'service.addSecondary', service: SERVICES.maschera });
    await h.send({ type: 'service.clearExtras' });
    expect(services()).toMatchObject({ includedService: null, primaryService: null, secondaryServices: [] });
    await h.send({ type: 'draft.reset' });
    expect(path(h)).toBe('/booking/location');
    expect(context(h).draft).toEqual(createDraft(TODAY));
  });

  it('emptying the address field clears the location; a confirmed address edited and left loses its house number (SPEC §4)', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send(routeEvent('/booking/location'));
    expect(context(h).draft.location?.components.streetNumber).toBeTruthy();
    await h.send({ type: 'address.focus' });
    await h.send({ type: 'address.type', value: 'Via Roma' });
    await h.send({ type: 'address.blur' });
    // The rest of the address stays.
    const { streetNumber: _number, ...rest } = LOCATION_TORINO.components;
    expect(context(h).draft.location).toEqual({ ...LOCATION_TORINO, components: { ...rest, streetNumber: undefined } });
    await h.send({ type: 'address.focus' });
    await h.send({ type: 'address.type', value: '' });
    expect(context(h).draft.location).toBeNull();
  });

  it('the promo code is checked, and the booking sent, with the draft shown', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await pickInstantSlot(h);
    const sent = (src: string) => h.pending.find((p) => p.src === src)?.input as { draft: unknown } | undefined;
    await h.send({ type: 'coupon.enable' });
    await h.send({ type: 'coupon.input', code: 'BENVENUTA10' });
    await h.send({ type: 'coupon.apply' });
    expect(sent('checkCoupon')?.draft).toEqual(context(h).draft);
    await h.settle('checkCoupon', 'ok');
    await h.send({ type: 'checkout.submit', form: VALID_CHECKOUT_FORM });
    // The discount is the server's to compute again from the code in the form (src/app/effects.ts).
    const { location, date, services } = context(h).draft;
    expect(sent('createBooking')?.draft).toMatchObject({ location, date, services, availableTime: SLOT_INSTANT });
  });

  it('slots show only after the minimum loading time, even when the answer is quick', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.settle('loadAvailableTimes', 'slots');
    expect(h.child('slots')!.getSnapshot().matches({ times: 'loading' })).toBe(true);
    await h.elapse('slotsMinimumLoading');
    expect(h.child('slots')!.getSnapshot().matches({ times: 'available' })).toBe(true);
  });

  it('asks the times for the draft’s day and professional, wherever they change (one draft, SPEC §4)', async () => {
    const h = createHarness({ today: TODAY, hasCredential: false });
    await toHairData(h);
    const asked = () => {
      const loads = h.asked.filter((p) => p.src === 'loadAvailableTimes');
      const last = loads.at(-1)?.input as LoadTimesInput | undefined;
      const providerId = last?.request.kind === 'booking' ? last.request.draft.providerId : undefined;
      return last ? { loads: loads.length, date: last.date, providerId } : { loads: 0 };
    };
    const slots = () => h.child('slots')!.getSnapshot();
    expect(asked()).toMatchObject({ loads: 1, date: TODAY, providerId: null });
    await h.send({ type: 'date.set', date: TOMORROW });
    expect(asked()).toMatchObject({ loads: 2, date: TOMORROW, providerId: null });
    await h.send({ type: 'provider.set', providerId: 'prov-giulia' });
    expect(context(h).draft.providerId).toBe('prov-giulia');
    expect(asked()).toMatchObject({ loads: 3, date: TOMORROW, providerId: 'prov-giulia' });
    await h.send({ type: 'provider.clear' });
    expect(asked()).toMatchObject({ loads: 4, date: TOMORROW, providerId: null });
    // Clearing the day clears the professional (SPEC §4) and shows no times; a professional chosen
    // then loads nothing until a day is chosen, and the day's times are hers.
    await h.send({ type: 'provider.set', providerId: 'prov-giulia' });
    await h.send({ type: 'date.clear' });
    expect(context(h).draft.providerId).toBeNull();
    expect(slots().matches({ times: 'noDate' })).toBe(true);
    expect(slots().context.times).toEqual([]);
    const before = asked().loads;
    await h.send({ type: 'provider.set', providerId: 'prov-giulia' });
    expect(asked().loads).toBe(before);
    expect(slots().matches({ times: 'noDate' })).toBe(true);
    await h.send({ type: 'date.set', date: TODAY });
    expect(asked()).toMatchObject({ loads: before + 1, date: TODAY, providerId: 'prov-giulia' });
  });

  it('sends the promo code without the spaces around it, and a code of spaces is required, not sent', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await pickInstantSlot(h);
    await h.send({ type: 'coupon.enable' });
    const coupon = () => h.child('coupon')!.getSnapshot() as { value: unknown; context: { error: string | null } };
    const checks = () => h.pending.filter((p) => p.src === 'checkCoupon');
    await h.send({ type: 'coupon.input', code: '   ' });
    await h.send({ type: 'coupon.apply' });
    expect(checks()).toHaveLength(0);
    expect(coupon().context.error).toBe(MESSAGES.required);
    await h.send({ type: 'coupon.input', code: '  BENVENUTA10 ' });
    await h.send({ type: 'coupon.apply' });
    expect(checks().map((p) => (p.input as { code: string }).code)).toEqual(['BENVENUTA10']);
    expect(coupon().value).toBe('applying');
  });

  it('the code field starts empty; after removing a code, a new one is typed and checked, an empty APPLICA asks for it, and switching off forgets the message', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await pickInstantSlot(h);
    await h.send({ type: 'coupon.enable' });
    const coupon = () =>
      h.child('coupon')!.getSnapshot() as { value: unknown; context: { code: string; error: string | null } };
    const checks = () => h.pending.filter((p) => p.src === 'checkCoupon');
    expect(coupon().context).toMatchObject({ code: '', error: null });
    await h.send({ type: 'coupon.input', code: 'BENVENUTA10' });
    await h.send({ type: 'coupon.apply' });
    await h.settle('checkCoupon', 'ok');
    await h.send({ type: 'coupon.remove' });
    expect(coupon().context.code).toBe('');
    // Nothing typed: APPLICA asks for the code and checks nothing.
    await h.send({ type: 'coupon.apply' });
    expect(coupon().context.error).toBe(MESSAGES.required);
    expect(checks()).toHaveLength(0);
    // Switched off and on again: the old message is gone.
    await h.send({ type: 'coupon.disable' });
    await h.send({ type: 'coupon.enable' });
    expect(coupon().context).toMatchObject({ code: '', error: null });
    await h.send({ type: 'coupon.input', code: 'BENVENUTA10' });
    await h.send({ type: 'coupon.apply' });
    await h.settle('checkCoupon', 'ok');
    await h.send({ type: 'coupon.remove' });
    // After a removal, a new code typed is checked by APPLICA.
    await h.send({ type: 'coupon.input', code: 'REGALO50' });
    expect(coupon().value).toBe('on');
    await h.send({ type: 'coupon.apply' });
    expect(checks().map((p) => (p.input as { code: string }).code)).toEqual(['REGALO50']);
    expect(coupon().value).toBe('applying');
  });

  it('an instant slot advances; back from checkout resets the coupon discount', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await pickInstantSlot(h);
    expect(path(h)).toBe('/booking/hair/checkout');
    await h.send({ type: 'coupon.enable' });
    await h.send({ type: 'coupon.input', code: 'BENVENUTA10' });
    await h.send({ type: 'coupon.apply' });
    await h.settle('checkCoupon', 'ok');
    expect(context(h).draft.couponCodeDiscount).toBe(5);
    await h.send({ type: 'step.back' });
    expect(context(h).draft.couponCodeDiscount).toBe(0);
  });

  it('experiment 14 variant 2 opens the confirmation modal even for an instant slot', async () => {
    const h = createHarness({ today: TODAY, abTest: { experimentID: '14', variantID: '2' } });
    await toHairData(h);
    await pickInstantSlot(h);
    expect(path(h)).toBe('/booking/hair/data');
    expect(h.effects).toContainEqual({ type: 'track', params: { event: 'page_view', label: 'modale_conferma' } });
    await h.send({ type: 'confirmation.continue' });
    expect(path(h)).toBe('/booking/hair/checkout');
  });

  it('a booking stores the user cookie, tracks it and redirects where the server says', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await pickInstantSlot(h);
    await h.send({ type: 'checkout.submit', form: VALID_CHECKOUT_FORM });
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(h.child('checkoutSubmission')!.getSnapshot().hasTag('busy')).toBe(true);
    await h.settle('createBooking', 'ok');
    expect(h.effects.map((e) => e.type)).toEqual(expect.arrayContaining(['storeUserCookie', 'track', 'redirect']));
  });
});

/** The day's times answered, the time to confirm taken, AVANTI, and the modal's continue: checkout. */
const confirmTimeToConfirm = async (h: Harness) => {
  await h.settle('loadAvailableTimes', 'slots');
  await h.elapse('slotsMinimumLoading');
  await h.send({ type: 'time.set', availableTime: SLOT_TO_CONFIRM });
  await h.send({ type: 'step.next' });
  await h.send({ type: 'confirmation.continue' });
};

/** The browser's own buttons and address bar (machines/testing/browser.ts), as the model's person uses them. */
const browse = (h: Harness, event: BrowserEvent) => h.play({ event } as PathStep);
const modalViews = (h: Harness) =>
  h.effects.filter(
    (effect) => effect.type === 'track' && (effect.params as { label?: string }).label === 'modale_conferma',
  ).length;

/**
 * SPEC §4 "when availableTime is not instantBooking, a confirmation modal opens instead of advancing",
 * whatever way she advances (issue 25): AVANTI, or checkout's URL typed, reloaded, or Forward.
 */
describe('the confirmation modal, whatever way she goes to checkout', () => {
  it('an instant time: checkout typed in the address bar opens checkout, no modal', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.settle('loadAvailableTimes', 'slots');
    await h.elapse('slotsMinimumLoading');
    await h.send({ type: 'time.set', availableTime: SLOT_INSTANT });
    await browse(h, { type: 'browser.open', path: '/booking/hair/checkout' });
    expect(path(h)).toBe('/booking/hair/checkout');
    expect(modalViews(h)).toBe(0);
  });

  it("another time to confirm on the same day than the one the modal confirmed: the browser's Forward to checkout opens the modal again", async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await confirmTimeToConfirm(h);
    expect(path(h)).toBe('/booking/hair/checkout');
    await browse(h, { type: 'browser.back' });
    expect(path(h)).toBe('/booking/hair/data');
    const later: typeof SLOT_TO_CONFIRM = { ...SLOT_TO_CONFIRM, startTime: '17:00', endTime: '18:00' };
    await h.send({ type: 'time.set', availableTime: later });
    const viewsBefore = modalViews(h);
    // Forward within the tab: the same app, which remembers the time the modal confirmed, not this one.
    await browse(h, { type: 'browser.forward' });
    expect(path(h)).toBe('/booking/hair/data');
    expect(modalViews(h)).toBeGreaterThan(viewsBefore);
    await h.send({ type: 'confirmation.continue' });
    expect(path(h)).toBe('/booking/hair/checkout');
    expect(context(h).draft.availableTime).toEqual(later);
  });

  it('a reload on checkout after the modal confirmed her time: checkout again, the modal not asked again', async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await confirmTimeToConfirm(h);
    const viewsBefore = modalViews(h);
    await browse(h, { type: 'browser.reload' });
    expect(path(h)).toBe('/booking/hair/checkout');
    expect(modalViews(h)).toBe(viewsBefore);
    expect(context(h).draft.availableTime).toEqual(SLOT_TO_CONFIRM);
  });

  it("the browser's Back from checkout to the date step keeps her day and her time", async () => {
    const h = createHarness({ today: TODAY });
    await toHairData(h);
    await h.send({ type: 'date.set', date: TOMORROW });
    await pickInstantSlot(h);
    expect(path(h)).toBe('/booking/hair/checkout');
    await browse(h, { type: 'browser.back' });
    expect(path(h)).toBe('/booking/hair/data');
    expect(context(h).draft.date).toBe(TOMORROW);
    expect(context(h).draft.availableTime).toEqual(SLOT_INSTANT);
  });
});

describe('session (SPEC §4)', () => {
  it('logout shows the loader 2 s, clears the session, hides it 0.5 s later', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/login'));
    await h.send({ type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' });
    await h.settle('login', 'ok');
    expect(path(h)).toBe('/');
    await h.send({ type: 'session.logout' });
    expect(h.actor.getSnapshot().matches({ session: { loggingOut: 'showing' } })).toBe(true);
    expect(h.effects.map((e) => e.type)).not.toContain('clearCredential');
    await h.elapse('logoutLoader');
    expect(h.effects.map((e) => e.type)).toContain('clearCredential');
    expect(h.actor.getSnapshot().matches({ session: { loggingOut: 'hiding' } })).toBe(true);
    await h.elapse('logoutLoaderHide');
    expect(path(h)).toBe('/booking/location');
  });

  it('the password-reset confirmation opens 500 ms after the request', async () => {
    const h = createHarness({ today: TODAY });
    await h.send(routeEvent('/ask-reset-password'));
    await h.send({ type: 'session.askReset', email: 'anna@example.it' });
    await h.settle('askResetPassword', 'ok');
    expect(h.actor.getSnapshot().matches({ session: { signedOut: { askResetPassword: 'sent' } } })).toBe(true);
    await h.elapse('passwordResetConfirmation');
    expect(h.actor.getSnapshot().matches({ session: { signedOut: { askResetPassword: 'confirming' } } })).toBe(true);
  });

  it('the root machine runs under an inspector (createActor(machine, { inspect }), as ?inspect does)', () => {
    const seen: string[] = [];
    const actor = createActor(appMachine, { input: { today: TODAY }, inspect: (event) => seen.push(event.type) });
    actor.start();
    actor.send(routeEvent('/booking/location'));
    expect(seen).toContain('@xstate.snapshot');
    expect(seen).toContain('@xstate.event');
    actor.stop();
  });
});
