/**
 * Every SPEC §5 message, seen through the machines: the root refuses `step.next` with it, or a
 * child machine's form shows it. Each case drives the system model (root + children).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, selectServiceForCategories } from '../../contract/messages';
import type { AppContext } from '../../machines/app/context';
import type { AppEvent } from '../../machines/app/events';
import { EMPTY_CHECKOUT_FORM, INVALID_PROFILE_FORM, SERVICES, TODAY } from '../../machines/testing/fixtures';
import { SCENARIOS, type ScenarioStep } from '../../machines/testing/scenarios';
import { initialSystem, step, systemEvents, type SystemSnapshot } from '../../machines/testing/system';

const play = (steps: ScenarioStep[], input = { today: TODAY }): SystemSnapshot => {
  let sys = initialSystem(input);
  for (const s of steps) {
    if ('settle' in s) {
      const event = systemEvents(sys).find(
        (e) => e.type === 'effect.settle' && e.src === s.settle && e.outcome === s.outcome,
      );
      if (!event) throw new Error(`cannot settle ${s.settle}`);
      sys = step(sys, event);
    } else if ('elapse' in s) {
      const event = systemEvents(sys).find((e) => e.type === 'timer.elapse' && e.delay === s.elapse);
      if (!event) throw new Error(`no timer ${s.elapse}`);
      sys = step(sys, event);
    } else sys = step(sys, s);
  }
  return sys;
};

const notice = (sys: SystemSnapshot) => (sys.root.context as AppContext).notice?.message;
const route = (path: string, search = ''): AppEvent => ({ type: 'route.changed', path, search });
const next: AppEvent = { type: 'step.next' };
const stepsOf = (name: string) => SCENARIOS.find((s) => s.name === name)!.steps;

describe('SPEC §5 step checks refuse AVANTI with their message', () => {
  it('location: an address must be picked, then it needs its house number', () => {
    expect(notice(play([route('/booking/location'), next]))).toBe(MESSAGES.pickAddress);
    const errors = stepsOf('errors: address search fails, street number, out of zone, services and slots fail');
    const upToNumber = errors.slice(
      0,
      errors.findIndex((s) => 'type' in s && s.type === 'address.streetNumber'),
    );
    const sys = play(upToNumber);
    expect(notice(sys)).toBe(MESSAGES.streetNumberRequired);
    expect(sys.root.matches({ wizard: 'location' })).toBe(true);
  });

  it('participants, category and hair need a choice', () => {
    const errors = stepsOf('errors: address search fails, street number, out of zone, services and slots fail');
    const at = (type: string) => errors.findIndex((s) => 'type' in s && s.type === type);
    expect(notice(play(errors.slice(0, at('participants.set'))))).toBe(MESSAGES.selectOption);
    expect(notice(play(errors.slice(0, at('category.set'))))).toBe(MESSAGES.selectOption);
    expect(notice(play(errors.slice(0, at('hair.set'))))).toBe(MESSAGES.selectOption);
  });

  it('service: a main service when main ones exist, else at least one', () => {
    const hair = stepsOf('hair: booked');
    const hairService = play([
      ...hair.slice(
        0,
        hair.findIndex((s) => 'type' in s && s.type === 'service.selectMain'),
      ),
      next,
    ]);
    expect(notice(hairService)).toBe(MESSAGES.selectService);
    const beauty = stepsOf('beauty: coupon refused then applied and removed, booking refused then booked');
    const beautyService = play([
      ...beauty.slice(
        0,
        beauty.findIndex((s) => 'type' in s && s.type === 'service.pickSecondary'),
      ),
      next,
    ]);
    expect(notice(beautyService)).toBe(MESSAGES.selectAtLeastOneService);
  });

  it('salotto: at least one category, then a service for each chosen category', () => {
    const salotto = stepsOf('salotto: booked with confirmation');
    const at = (type: string) => salotto.findIndex((s) => 'type' in s && s.type === type);
    expect(notice(play([...salotto.slice(0, at('salottoCategory.toggle')), next]))).toBe(MESSAGES.selectOption);
    const services = salotto.slice(0, at('service.toggleSecondary'));
    expect(notice(play([...services, next]))).toBe(selectServiceForCategories(['hair', 'beauty']));
    expect(notice(play([...services, { type: 'service.toggleSecondary', service: SERVICES.piega }, next]))).toBe(
      'Devi selezionare almeno un servizio per Estetica',
    );
  });

  it('data: a time must be chosen', () => {
    const hair = stepsOf('hair: booked');
    const sys = play([
      ...hair.slice(
        0,
        hair.findIndex((s) => 'type' in s && s.type === 'time.set'),
      ),
      next,
    ]);
    expect(notice(sys)).toBe(MESSAGES.selectTime);
  });
});

describe('SPEC §5 form checks', () => {
  it('checkout: required fields, privacy, e-mail format, allergies and promo code when asked', () => {
    const hair = stepsOf('hair: booked');
    const atCheckout = play(
      hair.slice(
        0,
        hair.findIndex((s) => 'type' in s && s.type === 'checkout.submit'),
      ),
    );
    const sys = step(atCheckout, { type: 'checkout.submit', form: EMPTY_CHECKOUT_FORM });
    const errors = sys.kids.checkoutSubmission!.snapshot.context.errors as Record<string, string>;
    expect(errors).toMatchObject({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      phoneNumber: MESSAGES.required,
      email: MESSAGES.invalidFormat,
      doorbellName: MESSAGES.required,
      fitToPlead: MESSAGES.required,
      privacy: MESSAGES.requiredPrivacy,
      allergies: MESSAGES.required,
      couponCode: MESSAGES.required,
    });
    expect(sys.kids.checkoutSubmission!.snapshot.value).toBe('idle');
  });

  it('login: e-mail format and password required; reset: at least 8 characters and names when required', () => {
    const login = play([route('/login'), { type: 'session.login', email: 'demo', password: '' }]);
    expect((login.root.context as AppContext).errors).toEqual({
      email: MESSAGES.invalidFormat,
      password: MESSAGES.required,
    });
    const reset = play([
      route('/reset-password', '?token=t&email=anna%40example.it'),
      { settle: 'checkSignupToken', outcome: 'requireName' },
      { type: 'session.completeSignup', password: 'corta', firstName: '', lastName: '' },
    ]);
    expect((reset.root.context as AppContext).errors).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      password: MESSAGES.passwordTooShort,
    });
    const ask = play([route('/ask-reset-password'), { type: 'session.askReset', email: '' }]);
    expect((ask.root.context as AppContext).errors).toEqual({ email: MESSAGES.required });
  });

  it('profile and out-of-zone e-mail', () => {
    const signedIn = play([
      route('/login'),
      { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
      { settle: 'login', outcome: 'ok' },
      { type: 'profile.open' },
      { type: 'profile.submit', form: INVALID_PROFILE_FORM },
    ]);
    expect(signedIn.kids.profileDialog!.snapshot.context.errors).toEqual({
      firstName: MESSAGES.required,
      email: MESSAGES.invalidFormat,
    });
    const errors = stepsOf('errors: address search fails, street number, out of zone, services and slots fail');
    const at = errors.findIndex((s) => 'type' in s && s.type === 'outOfZone.subscribe');
    const outOfZone = play(errors.slice(0, at + 1));
    expect(outOfZone.kids.outOfZone!.snapshot.context.errors).toEqual({ email: MESSAGES.invalidFormat });
  });
});

describe('SPEC §8 messages the machines show', () => {
  it('toasts: address search error, subscribed, coupon added, profile updated, welcome', () => {
    const errors = stepsOf('errors: address search fails, street number, out of zone, services and slots fail');
    const afterFailure = play(errors.slice(0, errors.findIndex((s) => 'settle' in s && s.outcome === 'failed') + 1));
    expect(afterFailure.emitted).toContainEqual({
      actor: 'addressPicker',
      type: 'showToast',
      params: { type: 'error', title: MESSAGES.addressSearchError },
    });
    const subscribed = play(
      errors.slice(0, errors.findIndex((s) => 'settle' in s && s.settle === 'subscribeToList') + 1),
    );
    expect(subscribed.emitted).toContainEqual({
      actor: 'outOfZone',
      type: 'showToast',
      params: { type: 'success', title: MESSAGES.subscribed },
    });
    const welcome = play([
      route('/login'),
      { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
      { settle: 'login', outcome: 'ok' },
    ]);
    expect(welcome.emitted).toContainEqual({
      actor: 'app',
      type: 'showToast',
      params: { type: 'success', title: MESSAGES.welcome },
    });
    const profile = play([
      route('/login'),
      { type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' },
      { settle: 'login', outcome: 'ok' },
      { type: 'profile.open' },
      { type: 'profile.submit', form: { ...INVALID_PROFILE_FORM, firstName: 'Anna', email: 'anna@example.it' } },
      { settle: 'updateProfile', outcome: 'ok' },
    ]);
    expect(profile.emitted).toContainEqual({
      actor: 'profileDialog',
      type: 'showToast',
      params: { type: 'success', title: MESSAGES.profileUpdated },
    });
    expect(profile.kids.profileDialog!.snapshot.value).toBe('closed');
    const coupon = stepsOf('hair: upsell, extra service, confirmation modal, coupon');
    const applied = play(coupon.slice(0, coupon.findIndex((s) => 'settle' in s && s.settle === 'checkCoupon') + 1));
    expect(applied.emitted).toContainEqual({
      actor: 'coupon',
      type: 'showToast',
      params: { type: 'success', title: MESSAGES.couponAdded },
    });
    expect((applied.root.context as AppContext).draft.couponCodeDiscount).toBe(5);
  });
});
