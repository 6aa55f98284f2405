/**
 * SPEC §4 'Checkout submit: busy while sending; on success with booking id and redirect address, a
 * user-id cookie is stored (Max-Age 30 days) and an analytics event fires, then redirect'. If she
 * goes back (the browser's Back; INDIETRO is taken too) while RICHIEDI PRENOTAZIONE is sending, the
 * submission is stopped: the server's success arrives unheard — no cookie, no purchase event, no
 * redirect, and she sees the date step as if nothing was booked.
 */
import { beautyDraftAtData, Probe } from '../harness';

const form = {
  firstName: 'Giulia',
  lastName: 'Verdi',
  phoneNumber: '3331112222',
  email: 'giulia@example.it',
  couponCodeEnabled: false,
  couponCode: '',
  doorbellName: 'Verdi',
  allergiesSwitch: 'no',
  allergies: '',
  fitToPlead: 'yes',
  notes: '',
  privacy: true,
  allowMarketing: false,
  personalDataConsent: false,
} as const;

const booking = {
  redirectUrl: '/reset-password?token=t&email=giulia%40example.it',
  signupToken: 't',
  booking: {
    _id: 'b-77',
    total: 25,
    totalBeforeDiscount: 25,
    discount: 0,
    userId: 'u-77',
    customers: [{ userId: 'u-77', services: [] }],
  },
};

const p = new Probe('13 browser Back while the booking is being sent', {
  input: { draft: beautyDraftAtData() },
  handlers: { createBooking: () => 'pending' },
});
await p.open('/booking/beauty/checkout');
p.show('checkout', { wizard: p.wizard(), url: p.url() });
await p.send({ type: 'checkout.submit', form }, 'RICHIEDI PRENOTAZIONE');
p.show('sending', { submission: p.child('checkoutSubmission') });
await p.go('/booking/beauty/data', 'browser Back →');
await p.settle('createBooking', { ok: booking }, '(the server booked b-77)');
p.show('after', { wizard: p.wizard(), url: p.url(), effects: p.world.effects, tracks: p.world.tracks });
const done = p.world.effects.some((e) => e.startsWith('redirect:'));
p.verdict(
  'on success: cookie u-77 stored, purchase event, redirect to the returned address',
  `nothing of it; she is on ${p.url() ?? '?'} with the booking made unseen`,
  !done,
);
