/**
 * One request on the professionals' side (issue 27), its machine alone, its calls answered by hand.
 * Expectations from the issue: it loads the request of the link; each answer is possible only when
 * the server lists it in `actions`; declining and quoting are checked with the contract's own
 * payload schema before anything is sent, and its messages stay under the fields; an offer is one
 * of her free times of a day (not the one asked for); a 409 means the request changed meanwhile:
 * said and read again; any other failure is said and she stays where she was; a press while a call
 * is out does nothing.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { DECLINE_MESSAGE_MAX, PRO_MESSAGES, type ProAppointment } from '../../contract/pro';
import { PRO_REQUEST_TOASTS, PRO_REQUEST_EVENTS, proRequestMachine } from '../../machines/pro/request';
import type { ToastParams } from '../../machines/shared/effects';
import { callsByHand } from './calls';
import {
  ACCEPTED,
  conflict,
  DECLINED,
  OFFERED,
  proAppointment,
  REQUEST,
  REQUEST_ID,
  SALOTTO,
  slot,
  TIMES,
  TODAY,
  TOMORROW,
  handledEvents,
} from '../../machines/testing/pro-fixtures';

const NAMES = [
  'loadProRequest',
  'acceptRequest',
  'declineRequest',
  'loadRequestTimes',
  'offerRequest',
  'quoteSalotto',
] as const;

function open(bookingId = REQUEST_ID) {
  const calls = callsByHand(NAMES);
  const toasts: ToastParams[] = [];
  const machine = proRequestMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { bookingId, today: TODAY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    return {
      appointment: snapshot.context.appointment,
      error: snapshot.context.error,
      answer: snapshot.context.answer,
      errors: snapshot.context.errors,
      busy: snapshot.hasTag('busy'),
      dialog: snapshot.hasTag('dialog'),
    };
  };
  return { actor, ...calls, toasts, seen };
}

async function opened(appointment: ProAppointment) {
  const screen = open(appointment.id);
  await screen.settle('loadProRequest', { output: appointment });
  screen.sent.length = 0;
  return screen;
}

describe('a request: loading', () => {
  it('loads the request of the link, busy until it comes, then shows it', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadProRequest', input: { bookingId: REQUEST_ID } }]);
    expect(screen.seen()).toMatchObject({ appointment: null, busy: true });
    await screen.settle('loadProRequest', { output: REQUEST });
    expect(screen.seen()).toEqual({
      appointment: REQUEST,
      error: null,
      answer: null,
      errors: {},
      busy: false,
      dialog: false,
    });
  });

  it('not found: the server’s reason; PRO.RETRY reads it again', async () => {
    const screen = open();
    await screen.settle('loadProRequest', new Error('Richiesta non trovata.'));
    expect(screen.seen()).toMatchObject({ appointment: null, error: 'Richiesta non trovata.', busy: false });
    screen.sent.length = 0;
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent).toEqual([{ src: 'loadProRequest', input: { bookingId: REQUEST_ID } }]);
    await screen.settle('loadProRequest', { output: REQUEST });
    expect(screen.seen()).toMatchObject({ appointment: REQUEST, error: null });
  });

  it('nothing can be answered while it loads', () => {
    const screen = open();
    for (const type of ['pro.accept', 'pro.decline.open', 'pro.offer.open', 'pro.quote.open'] as const) {
      screen.actor.send({ type });
    }
    expect(screen.sent.map((call) => call.src)).toEqual(['loadProRequest']);
    expect(screen.seen()).toMatchObject({ busy: true, dialog: false });
  });
});

describe('accepting', () => {
  it('sends the acceptance, busy meanwhile; then the confirmed request, what she did and a toast', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.accept' });
    expect(screen.sent).toEqual([{ src: 'acceptRequest', input: { bookingId: REQUEST_ID } }]);
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('acceptRequest', { output: ACCEPTED });
    expect(screen.seen()).toMatchObject({ appointment: ACCEPTED, answer: 'accept', busy: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: 'Richiesta accettata: la cliente riceve la conferma.' }]);
  });

  it('a second press, or any other answer, while it is sent does nothing', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.accept' });
    screen.actor.send({ type: 'pro.accept' });
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.offer.open' });
    expect(screen.sent.map((call) => call.src)).toEqual(['acceptRequest']);
    expect(screen.seen()).toMatchObject({ busy: true, dialog: false });
  });

  it('a 409 (answered meanwhile): the reason in a toast and the request read again', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.accept' });
    await screen.settle('acceptRequest', conflict('Questa richiesta ha già avuto una risposta.'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Questa richiesta ha già avuto una risposta.' }]);
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProRequest', input: { bookingId: REQUEST_ID } });
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('loadProRequest', { output: ACCEPTED });
    expect(screen.seen()).toMatchObject({ appointment: ACCEPTED, answer: null, busy: false });
  });

  it('another failure (no reply): said, the request as it was, she may press again', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.accept' });
    await screen.settle('acceptRequest', new Error('Connessione assente'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Connessione assente' }]);
    expect(screen.sent.map((call) => call.src)).toEqual(['acceptRequest']);
    expect(screen.seen()).toMatchObject({ appointment: REQUEST, busy: false });
    screen.actor.send({ type: 'pro.accept' });
    expect(screen.sent.map((call) => call.src)).toEqual(['acceptRequest', 'acceptRequest']);
  });

  it('not among its actions (a salotto, an answered request): nothing is sent', async () => {
    for (const appointment of [SALOTTO, ACCEPTED]) {
      const screen = await opened(appointment);
      screen.actor.send({ type: 'pro.accept' });
      expect(screen.sent).toEqual([]);
      expect(screen.seen()).toMatchObject({ busy: false });
    }
  });
});

describe('declining', () => {
  it('opens the dialog only when declining is among its actions; closing it sends nothing', async () => {
    const answered = await opened(ACCEPTED);
    answered.actor.send({ type: 'pro.decline.open' });
    expect(answered.seen()).toMatchObject({ dialog: false });

    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    expect(screen.seen()).toMatchObject({ dialog: true, busy: false });
    screen.actor.send({ type: 'pro.decline.close' });
    expect(screen.seen()).toMatchObject({ dialog: false });
    expect(screen.sent).toEqual([]);
  });

  it.each([
    [{ reason: '', message: '' }, { reason: MESSAGES.selectOption }],
    [{ reason: 'other', message: '   ' }, { message: PRO_MESSAGES.declineWords }],
    [{ reason: 'busy', message: 'x'.repeat(DECLINE_MESSAGE_MAX + 1) }, { message: PRO_MESSAGES.declineMessageTooLong }],
  ])('refused by the contract (%o): the dialog stays open with %o, nothing sent', async (form, errors) => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.decline.submit', ...form });
    expect(screen.seen()).toMatchObject({ dialog: true, busy: false, errors });
    expect(screen.sent).toEqual([]);
  });

  it('the messages go when the dialog opens again', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.decline.submit', reason: '', message: '' });
    screen.actor.send({ type: 'pro.decline.close' });
    screen.actor.send({ type: 'pro.decline.open' });
    expect(screen.seen()).toMatchObject({ dialog: true, errors: {} });
  });

  it('sends the reason and her trimmed words, busy with the dialog open; closing meanwhile does nothing; then the declined request and a toast', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.decline.submit', reason: 'other', message: '  Sono in ferie  ' });
    expect(screen.sent).toEqual([
      { src: 'declineRequest', input: { bookingId: REQUEST_ID, reason: 'other', message: 'Sono in ferie' } },
    ]);
    expect(screen.seen()).toMatchObject({ dialog: true, busy: true, errors: {} });
    screen.actor.send({ type: 'pro.decline.close' });
    screen.actor.send({ type: 'pro.decline.submit', reason: 'busy', message: '' });
    expect(screen.sent).toHaveLength(1);
    expect(screen.seen()).toMatchObject({ dialog: true, busy: true });
    await screen.settle('declineRequest', { output: DECLINED });
    expect(screen.seen()).toMatchObject({ appointment: DECLINED, answer: 'decline', dialog: false, busy: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_REQUEST_TOASTS.declined }]);
  });

  it('a reason without words is sent with none', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.decline.submit', reason: 'too-far', message: '' });
    expect(screen.sent).toEqual([
      { src: 'declineRequest', input: { bookingId: REQUEST_ID, reason: 'too-far', message: '' } },
    ]);
  });

  it('a 409: said, the dialog closed, the request read again', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.decline.submit', reason: 'busy', message: '' });
    await screen.settle('declineRequest', conflict('Questa richiesta è stata annullata.'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Questa richiesta è stata annullata.' }]);
    expect(screen.sent.at(-1)).toEqual({ src: 'loadProRequest', input: { bookingId: REQUEST_ID } });
    expect(screen.seen()).toMatchObject({ dialog: false, busy: true });
  });

  it('another failure: said, the dialog stays open to send again', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.decline.open' });
    screen.actor.send({ type: 'pro.decline.submit', reason: 'busy', message: '' });
    await screen.settle('declineRequest', new Error('Connessione assente'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Connessione assente' }]);
    expect(screen.seen()).toMatchObject({ dialog: true, busy: false, appointment: REQUEST });
    screen.actor.send({ type: 'pro.decline.submit', reason: 'busy', message: '' });
    expect(screen.sent.map((call) => call.src)).toEqual(['declineRequest', 'declineRequest']);
  });
});

describe('offering another time', () => {
  const offer = (screen: ReturnType<typeof open>) => screen.actor.getSnapshot().context.offer;

  it('opens only when offering is among its actions', async () => {
    const screen = await opened(SALOTTO);
    screen.actor.send({ type: 'pro.offer.open' });
    expect(screen.sent).toEqual([]);
    expect(screen.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('loads her free times of the day asked for, without the time asked for', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    expect(screen.sent).toEqual([{ src: 'loadRequestTimes', input: { bookingId: REQUEST_ID, startDate: TOMORROW } }]);
    await screen.settle('loadRequestTimes', { output: TIMES });
    expect(offer(screen)).toEqual({
      date: TOMORROW,
      times: [TIMES[0], TIMES[2]],
      startTime: null,
      error: null,
    });
  });

  it('a request for a past day starts from today', async () => {
    const screen = await opened(proAppointment({ date: '2026-11-20' }));
    screen.actor.send({ type: 'pro.offer.open' });
    expect(screen.sent).toEqual([{ src: 'loadRequestTimes', input: { bookingId: REQUEST_ID, startDate: TODAY } }]);
  });

  it('another day loads its times and forgets the time picked; on another day the 10:00 is free to offer', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    await screen.settle('loadRequestTimes', { output: TIMES });
    screen.actor.send({ type: 'pro.offer.pick', startTime: '15:00' });
    screen.actor.send({ type: 'pro.offer.day', date: '2026-11-26' });
    expect(screen.sent.at(-1)).toEqual({
      src: 'loadRequestTimes',
      input: { bookingId: REQUEST_ID, startDate: '2026-11-26' },
    });
    expect(offer(screen)).toMatchObject({ date: '2026-11-26', startTime: null, times: [] });
    await screen.settle('loadRequestTimes', { output: TIMES });
    expect(offer(screen).times).toEqual(TIMES);
  });

  it('a day picked while the times load asks for that day', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    screen.actor.send({ type: 'pro.offer.day', date: '2026-11-27' });
    expect(screen.sent.at(-1)).toEqual({
      src: 'loadRequestTimes',
      input: { bookingId: REQUEST_ID, startDate: '2026-11-27' },
    });
    await screen.settle('loadRequestTimes', { output: [slot('12:00', '13:30')] });
    expect(offer(screen)).toMatchObject({ date: '2026-11-27', times: [slot('12:00', '13:30')] });
  });

  it('times that could not be loaded: the reason; another day tries again', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    await screen.settle('loadRequestTimes', new Error('Data non valida'));
    expect(offer(screen)).toMatchObject({ times: [], error: 'Data non valida' });
    screen.actor.send({ type: 'pro.offer.day', date: '2026-11-25' });
    expect(screen.sent.at(-1)).toMatchObject({ src: 'loadRequestTimes', input: { startDate: '2026-11-25' } });
    expect(offer(screen).error).toBeNull();
  });

  it('INVIA PROPOSTA needs a time of the list; a time not offered is not picked', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    await screen.settle('loadRequestTimes', { output: TIMES });
    screen.sent.length = 0;
    screen.actor.send({ type: 'pro.offer.submit' });
    screen.actor.send({ type: 'pro.offer.pick', startTime: '10:00' });
    screen.actor.send({ type: 'pro.offer.submit' });
    expect(offer(screen).startTime).toBeNull();
    expect(screen.sent).toEqual([]);
  });

  it('sends the day and the time, busy meanwhile (the panel’s presses do nothing); then the offered request and a toast', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    await screen.settle('loadRequestTimes', { output: TIMES });
    screen.sent.length = 0;
    screen.actor.send({ type: 'pro.offer.pick', startTime: '15:00' });
    screen.actor.send({ type: 'pro.offer.submit' });
    expect(screen.sent).toEqual([
      { src: 'offerRequest', input: { bookingId: REQUEST_ID, startDate: TOMORROW, startTime: '15:00' } },
    ]);
    expect(screen.seen()).toMatchObject({ busy: true });
    screen.actor.send({ type: 'pro.offer.day', date: '2026-11-26' });
    screen.actor.send({ type: 'pro.offer.pick', startTime: '09:00' });
    screen.actor.send({ type: 'pro.offer.close' });
    screen.actor.send({ type: 'pro.offer.submit' });
    expect(screen.sent).toHaveLength(1);
    expect(offer(screen)).toMatchObject({ date: TOMORROW, startTime: '15:00' });
    await screen.settle('offerRequest', { output: OFFERED });
    expect(screen.seen()).toMatchObject({ appointment: OFFERED, answer: 'offer', busy: false });
    expect(screen.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_REQUEST_TOASTS.offered }]);
  });

  it('closing the panel goes back, sending nothing', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.offer.open' });
    await screen.settle('loadRequestTimes', { output: TIMES });
    screen.actor.send({ type: 'pro.offer.close' });
    expect(screen.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(screen.sent.map((call) => call.src)).toEqual(['loadRequestTimes']);
  });

  it('a time taken meanwhile (409): said and the request read again; another failure keeps her pick', async () => {
    const conflicted = await opened(REQUEST);
    conflicted.actor.send({ type: 'pro.offer.open' });
    await conflicted.settle('loadRequestTimes', { output: TIMES });
    conflicted.actor.send({ type: 'pro.offer.pick', startTime: '15:00' });
    conflicted.actor.send({ type: 'pro.offer.submit' });
    await conflicted.settle('offerRequest', conflict('Questo orario non è più disponibile, scegline un altro.'));
    expect(conflicted.toasts).toEqual([
      { type: 'error', title: 'Questo orario non è più disponibile, scegline un altro.' },
    ]);
    expect(conflicted.sent.at(-1)).toEqual({ src: 'loadProRequest', input: { bookingId: REQUEST_ID } });

    const failed = await opened(REQUEST);
    failed.actor.send({ type: 'pro.offer.open' });
    await failed.settle('loadRequestTimes', { output: TIMES });
    failed.actor.send({ type: 'pro.offer.pick', startTime: '15:00' });
    failed.actor.send({ type: 'pro.offer.submit' });
    await failed.settle('offerRequest', new Error('Connessione assente'));
    expect(failed.seen()).toMatchObject({ busy: false, appointment: REQUEST });
    expect(offer(failed)).toMatchObject({ startTime: '15:00' });
    expect(failed.actor.getSnapshot().matches({ ready: { offering: 'choosing' } })).toBe(true);
  });
});

describe('quoting a salotto (the team)', () => {
  it('opens only when quoting is among its actions', async () => {
    const screen = await opened(REQUEST);
    screen.actor.send({ type: 'pro.quote.open' });
    expect(screen.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it.each([
    [{ total: '', includes: 'Piega e trucco per 3' }, { total: MESSAGES.invalidPrice }],
    [{ total: '0', includes: 'Piega e trucco per 3' }, { total: MESSAGES.invalidPrice }],
    [{ total: '12,345', includes: 'Piega e trucco per 3' }, { total: MESSAGES.invalidPrice }],
    [
      { total: 'tanto', includes: '  ' },
      { total: MESSAGES.invalidPrice, includes: MESSAGES.required },
    ],
    [{ total: '300', includes: 'x'.repeat(501) }, { includes: PRO_MESSAGES.quoteIncludesTooLong }],
  ])('refused by the contract (%o): the form stays with %o, nothing sent', async (form, errors) => {
    const screen = await opened(SALOTTO);
    screen.actor.send({ type: 'pro.quote.open' });
    screen.actor.send({ type: 'pro.quote.submit', ...form });
    expect(screen.seen()).toMatchObject({ busy: false, errors });
    expect(Object.keys(screen.seen().errors)).toEqual(Object.keys(errors));
    expect(screen.actor.getSnapshot().matches({ ready: 'quoting' })).toBe(true);
    expect(screen.sent).toEqual([]);
  });

  it('sends the members she named instead of the proposed ones with the quote', async () => {
    const screen = await opened(SALOTTO);
    screen.actor.send({ type: 'pro.quote.open' });
    const team = [{ category: 'make-up' as const, professionalId: 'pro-elena' }];
    screen.actor.send({ type: 'pro.quote.submit', total: '450', includes: 'Piega e trucco', team });
    expect(screen.sent).toEqual([
      { src: 'quoteSalotto', input: { bookingId: SALOTTO.id, total: 450, includes: 'Piega e trucco', team } },
    ]);
  });

  it('sends the total in euros (a comma is a decimal point) and what it includes, trimmed; busy meanwhile; then a toast', async () => {
    const screen = await opened(SALOTTO);
    screen.actor.send({ type: 'pro.quote.open' });
    screen.actor.send({ type: 'pro.quote.submit', total: ' 450,50 ', includes: ' Piega e trucco per 3 ' });
    expect(screen.sent).toEqual([
      {
        src: 'quoteSalotto',
        input: { bookingId: SALOTTO.id, total: 450.5, includes: 'Piega e trucco per 3', team: [] },
      },
    ]);
    expect(screen.seen()).toMatchObject({ busy: true, errors: {} });
    screen.actor.send({ type: 'pro.quote.close' });
    screen.actor.send({ type: 'pro.quote.submit', total: '1', includes: 'a' });
    expect(screen.sent).toHaveLength(1);
    const quoted = { ...SALOTTO, status: 'confirmed' as const, stage: null, answerBy: null, total: 450.5, actions: [] };
    await screen.settle('quoteSalotto', { output: quoted });
    expect(screen.seen()).toMatchObject({ appointment: quoted, answer: 'quote', busy: false });
    expect(screen.toasts).toEqual([{ type: 'success', title: PRO_REQUEST_TOASTS.quoted }]);
  });

  it('closing goes back and forgets the messages', async () => {
    const screen = await opened(SALOTTO);
    screen.actor.send({ type: 'pro.quote.open' });
    screen.actor.send({ type: 'pro.quote.submit', total: '', includes: '' });
    screen.actor.send({ type: 'pro.quote.close' });
    expect(screen.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    screen.actor.send({ type: 'pro.quote.open' });
    expect(screen.seen().errors).toEqual({});
  });

  it('a 409 (a member no longer free): said and read again; another failure keeps the form', async () => {
    const conflicted = await opened(SALOTTO);
    conflicted.actor.send({ type: 'pro.quote.open' });
    conflicted.actor.send({ type: 'pro.quote.submit', total: '300', includes: 'Tutto' });
    await conflicted.settle('quoteSalotto', conflict('Una delle professioniste scelte non è libera in quell’orario.'));
    expect(conflicted.sent.at(-1)).toEqual({ src: 'loadProRequest', input: { bookingId: SALOTTO.id } });
    expect(conflicted.seen()).toMatchObject({ busy: true });

    const failed = await opened(SALOTTO);
    failed.actor.send({ type: 'pro.quote.open' });
    failed.actor.send({ type: 'pro.quote.submit', total: '300', includes: 'Tutto' });
    await failed.settle('quoteSalotto', new Error('Connessione assente'));
    expect(failed.toasts).toEqual([{ type: 'error', title: 'Connessione assente' }]);
    expect(failed.actor.getSnapshot().matches({ ready: { quoting: 'editing' } })).toBe(true);
  });
});

it('PRO_REQUEST_EVENTS lists exactly the events the machine handles (what the root forwards)', () => {
  expect([...PRO_REQUEST_EVENTS].sort()).toEqual(handledEvents(proRequestMachine));
});
