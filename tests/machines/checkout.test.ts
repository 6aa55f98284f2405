/**
 * The checkout's submission and the confirmation modal (SPEC §4, §5, §8), each machine alone, the
 * booking call answered by hand. Expectations from SPEC: a form with errors is not sent and says
 * each field's; a good one is sent with the draft, busy until the answer; a booking stores the
 * user's cookie, fires `purchase` with the booking's id and goes to the server's redirect address
 * (the home page when it gives none); a refusal ends busy and shows the server's message. The modal
 * tells the wizard whether she went on.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Booking } from '../../contract/booking';
import { checkoutMachine } from '../../machines/checkout/machine';
import { confirmationMachine } from '../../machines/confirmation/machine';
import { createDraft } from '../../machines/shared/draft';
import type { ToastParams, TrackParams } from '../../machines/shared/effects';
import { BOOKING, EMPTY_CHECKOUT_FORM, TODAY, VALID_CHECKOUT_FORM } from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

const DRAFT = createDraft(TODAY);

function open() {
  const calls = callsByHand(['createBooking'] as const);
  const done: { cookie: string[]; track: TrackParams[]; redirect: string[]; toasts: ToastParams[]; told: string[] } = {
    cookie: [],
    track: [],
    redirect: [],
    toasts: [],
    told: [],
  };
  const machine = checkoutMachine.provide({
    actors: calls.actors,
    actions: {
      storeUserCookie: (_, params: { userId: string }) => void done.cookie.push(params.userId),
      track: (_, params: TrackParams) => void done.track.push(params),
      redirect: (_, params: { url: string }) => void done.redirect.push(params.url),
      showToast: (_, params: ToastParams) => void done.toasts.push(params),
      // Issue 28: what the root's hold region hears (machines/app/hold.ts).
      tellSending: () => void done.told.push('booking.sending'),
      tellRefused: () => void done.told.push('booking.failed'),
    },
  });
  const actor = createActor(machine, { input: { draft: DRAFT } }).start();
  const seen = () => ({ errors: actor.getSnapshot().context.errors, busy: actor.getSnapshot().hasTag('busy') });
  return { actor, ...calls, done, seen };
}

describe('the checkout’s submission', () => {
  it('a form with errors: each field’s message, nothing sent', () => {
    const checkout = open();
    checkout.actor.send({ type: 'checkout.submit', form: EMPTY_CHECKOUT_FORM });
    expect(Object.keys(checkout.seen().errors)).toEqual(expect.arrayContaining(['email']));
    expect(checkout.seen().busy).toBe(false);
    expect(checkout.sent).toEqual([]);
  });

  it('a good form (after one with errors): sent with the draft, the errors gone, busy until the answer', () => {
    const checkout = open();
    checkout.actor.send({ type: 'checkout.submit', form: EMPTY_CHECKOUT_FORM });
    checkout.actor.send({ type: 'checkout.submit', form: { ...VALID_CHECKOUT_FORM } });
    expect(checkout.sent).toEqual([{ src: 'createBooking', input: { form: VALID_CHECKOUT_FORM, draft: DRAFT } }]);
    expect(checkout.seen()).toEqual({ errors: {}, busy: true });
    // The hold's clock stops while the booking is sent (only the good form is sent).
    expect(checkout.done.told).toEqual(['booking.sending']);
  });

  it('booked: the user’s cookie, `purchase` with the booking’s id, the server’s redirect address', async () => {
    const checkout = open();
    checkout.actor.send({ type: 'checkout.submit', form: { ...VALID_CHECKOUT_FORM } });
    await checkout.settle('createBooking', { output: BOOKING });
    expect(checkout.done).toEqual({
      cookie: [BOOKING.booking.userId],
      track: [{ event: 'purchase', label: BOOKING.booking._id }],
      redirect: [BOOKING.redirectUrl],
      toasts: [],
      told: ['booking.sending'],
    });
    expect(checkout.actor.getSnapshot().status).toBe('done');
  });

  it('booked without a redirect address: the home page', async () => {
    const checkout = open();
    checkout.actor.send({ type: 'checkout.submit', form: { ...VALID_CHECKOUT_FORM } });
    const booking: Booking = { ...BOOKING, redirectUrl: undefined };
    await checkout.settle('createBooking', { output: booking });
    expect(checkout.done.redirect).toEqual(['/']);
  });

  it('refused: not busy any more, the server’s message in a toast, she can send again', async () => {
    const checkout = open();
    checkout.actor.send({ type: 'checkout.submit', form: { ...VALID_CHECKOUT_FORM } });
    await checkout.settle('createBooking', new Error('Questo orario non è più disponibile.'));
    expect(checkout.done.toasts).toEqual([{ type: 'error', title: 'Questo orario non è più disponibile.' }]);
    expect(checkout.seen().busy).toBe(false);
    // Refused: the hold region asks for her time again.
    expect(checkout.done.told).toEqual(['booking.sending', 'booking.failed']);
    checkout.actor.send({ type: 'checkout.submit', form: { ...VALID_CHECKOUT_FORM } });
    expect(checkout.sent).toHaveLength(2);
  });
});

describe('the confirmation modal', () => {
  it.each([
    ['confirmation.continue', true],
    ['confirmation.close', false],
  ] as const)('%s tells the wizard confirmed: %s', (type, confirmed) => {
    const modal = createActor(confirmationMachine).start();
    modal.send({ type });
    expect(modal.getSnapshot().output).toEqual({ confirmed });
  });
});
