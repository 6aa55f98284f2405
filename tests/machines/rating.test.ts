/**
 * Rating an appointment (issue 29), the machine alone, its calls answered by hand. What she sees:
 * the appointment loading, then the form (or the rating, final); 'Scegli da 1 a 5 stelle' under a
 * professional without stars and nothing sent; one send however many presses; the thanks, and the
 * form still hers to change; the API's refusal in place of the form.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { RATING_COMMENT_MAX, RATING_MESSAGES } from '../../contract/rating';
import { RATING_EVENTS, ratingMachine } from '../../machines/rating/machine';
import type { ToastParams } from '../../machines/shared/effects';
import { callsByHand } from './calls';
import { RATED, RATED_FINAL, RATED_ID, RATING_TOKEN, TO_RATE, refusal } from './rating-fixtures';

const KEY = { id: RATED_ID, token: RATING_TOKEN };
const GIULIA = 'p-giulia';
const SARA = 'p-sara';

function open() {
  const calls = callsByHand(['loadRating', 'rateAppointment'] as const);
  const toasts: ToastParams[] = [];
  const machine = ratingMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { key: KEY } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    const shown = [
      'loading',
      'failed',
      'final',
      { form: 'editing' },
      { form: 'submitting' },
      { form: 'saved' },
    ] as const;
    return {
      state: shown.find((state) => snapshot.matches(state)),
      busy: snapshot.hasTag('busy'),
      choices: snapshot.context.choices,
      errors: snapshot.context.errors,
      error: snapshot.context.error,
    };
  };
  return { actor, ...calls, toasts, seen };
}

async function opened() {
  const screen = open();
  await screen.settle('loadRating', { output: TO_RATE });
  screen.sent.length = 0;
  return screen;
}

describe('rating an appointment', () => {
  it('names its events for the root to forward', () => {
    expect(RATING_EVENTS).toEqual(['rating.stars', 'rating.comment', 'rating.submit']);
  });

  it('loads the appointment of the link (id and token), busy until it comes, then the empty form', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadRating', input: { key: KEY } }]);
    expect(screen.seen()).toMatchObject({ state: 'loading', busy: true });
    await screen.settle('loadRating', { output: TO_RATE });
    expect(screen.seen()).toEqual({
      state: { form: 'editing' },
      busy: false,
      choices: { [GIULIA]: { stars: null, comment: '' }, [SARA]: { stars: null, comment: '' } },
      errors: {},
      error: null,
    });
    expect(screen.actor.getSnapshot().context.rating).toEqual(TO_RATE);
  });

  it('a rating given before fills the form, to change', async () => {
    const screen = open();
    await screen.settle('loadRating', { output: RATED });
    expect(screen.seen()).toMatchObject({
      state: { form: 'editing' },
      choices: { [GIULIA]: { stars: 4, comment: 'Bravissima' }, [SARA]: { stars: 5, comment: '' } },
    });
  });

  it('after RATING_EDIT_DAYS: the rating shown, final; nothing she presses sends', async () => {
    const screen = open();
    await screen.settle('loadRating', { output: RATED_FINAL });
    expect(screen.seen()).toMatchObject({ state: 'final', busy: false });
    screen.actor.send({ type: 'rating.stars', professionalId: GIULIA, stars: 1 });
    screen.actor.send({ type: 'rating.submit' });
    expect(screen.seen()).toMatchObject({ state: 'final', choices: { [GIULIA]: { stars: 4 } } });
    expect(screen.sent).toEqual([{ src: 'loadRating', input: { key: KEY } }]);
  });

  it.each([
    [409, 'Potrai valutare l’appuntamento quando sarà finito.'],
    [409, 'Si possono valutare solo gli appuntamenti che si sono svolti.'],
    [404, 'Appuntamento non trovato.'],
  ])('a refusal (%i) on opening: the API’s message, no form', async (status, message) => {
    const screen = open();
    await screen.settle('loadRating', refusal(status, message));
    expect(screen.seen()).toMatchObject({ state: 'failed', busy: false, error: message });
  });

  it('without stars for a professional: her message under that group, nothing sent', async () => {
    const screen = await opened();
    screen.actor.send({ type: 'rating.stars', professionalId: GIULIA, stars: 4 });
    screen.actor.send({ type: 'rating.submit' });
    expect(screen.sent).toEqual([]);
    expect(screen.seen()).toMatchObject({
      state: { form: 'editing' },
      errors: { [`${SARA}.stars`]: RATING_MESSAGES.chooseStars },
    });
    // Choosing them takes the message away.
    screen.actor.send({ type: 'rating.stars', professionalId: SARA, stars: 2 });
    expect(screen.seen().errors).toEqual({});
  });

  it('a comment over RATING_COMMENT_MAX characters: the contract’s message, nothing sent', async () => {
    const screen = await opened();
    screen.actor.send({ type: 'rating.stars', professionalId: GIULIA, stars: 5 });
    screen.actor.send({ type: 'rating.stars', professionalId: SARA, stars: 5 });
    screen.actor.send({ type: 'rating.comment', professionalId: GIULIA, comment: 'a'.repeat(RATING_COMMENT_MAX + 1) });
    screen.actor.send({ type: 'rating.submit' });
    expect(screen.sent).toEqual([]);
    expect(screen.seen().errors).toEqual({ [`${GIULIA}.comment`]: RATING_MESSAGES.commentTooLong });
  });

  it('sends each professional’s stars and trimmed comment once, however many presses; then the thanks', async () => {
    const screen = await opened();
    screen.actor.send({ type: 'rating.stars', professionalId: GIULIA, stars: 3 });
    screen.actor.send({ type: 'rating.stars', professionalId: GIULIA, stars: 4 });
    screen.actor.send({ type: 'rating.comment', professionalId: GIULIA, comment: '  Bravissima  ' });
    screen.actor.send({ type: 'rating.stars', professionalId: SARA, stars: 5 });
    screen.actor.send({ type: 'rating.submit' });
    screen.actor.send({ type: 'rating.submit' });
    screen.actor.send({ type: 'rating.stars', professionalId: SARA, stars: 1 });
    expect(screen.sent).toEqual([
      {
        src: 'rateAppointment',
        input: {
          key: KEY,
          ratings: [
            { professionalId: GIULIA, stars: 4, comment: 'Bravissima' },
            { professionalId: SARA, stars: 5, comment: '' },
          ],
        },
      },
    ]);
    expect(screen.seen()).toMatchObject({ state: { form: 'submitting' }, busy: true });
    await screen.settle('rateAppointment', { output: RATED });
    expect(screen.seen()).toMatchObject({
      state: { form: 'saved' },
      busy: false,
      choices: { [GIULIA]: { stars: 4, comment: 'Bravissima' }, [SARA]: { stars: 5, comment: '' } },
    });
    expect(screen.sent).toHaveLength(1);
  });

  it('saved, it stays hers to change while editable: a change leaves the thanks and sends again', async () => {
    const screen = open();
    await screen.settle('loadRating', { output: RATED });
    screen.actor.send({ type: 'rating.submit' });
    await screen.settle('rateAppointment', { output: RATED });
    expect(screen.seen().state).toEqual({ form: 'saved' });
    screen.actor.send({ type: 'rating.stars', professionalId: SARA, stars: 3 });
    expect(screen.seen()).toMatchObject({ state: { form: 'editing' }, choices: { [SARA]: { stars: 3 } } });
    screen.actor.send({ type: 'rating.submit' });
    expect(screen.sent.at(-1)).toMatchObject({
      src: 'rateAppointment',
      input: {
        ratings: [
          { professionalId: GIULIA, stars: 4 },
          { professionalId: SARA, stars: 3 },
        ],
      },
    });
  });

  it('the answer says it is final now: shown, final', async () => {
    const screen = open();
    await screen.settle('loadRating', { output: RATED });
    screen.actor.send({ type: 'rating.submit' });
    await screen.settle('rateAppointment', { output: RATED_FINAL });
    expect(screen.seen().state).toBe('final');
  });

  it.each([
    [409, 'Sono passati 30 giorni dall’appuntamento: la valutazione non si può più cambiare.'],
    [404, 'Appuntamento non trovato.'],
  ])('a send refused (%i): the API’s message in place of the form', async (status, message) => {
    const screen = open();
    await screen.settle('loadRating', { output: RATED });
    screen.actor.send({ type: 'rating.submit' });
    await screen.settle('rateAppointment', refusal(status, message));
    expect(screen.seen()).toMatchObject({ state: 'failed', error: message, busy: false });
    expect(screen.toasts).toEqual([]);
  });

  it('a send that did not go (no connection): said in a toast, her choices kept to send again', async () => {
    const screen = open();
    await screen.settle('loadRating', { output: RATED });
    screen.actor.send({ type: 'rating.submit' });
    await screen.settle('rateAppointment', new Error('Connessione assente. Riprova.'));
    expect(screen.toasts).toEqual([{ type: 'error', title: 'Connessione assente. Riprova.' }]);
    expect(screen.seen()).toMatchObject({ state: { form: 'editing' }, choices: { [GIULIA]: { stars: 4 } } });
    screen.actor.send({ type: 'rating.submit' });
    expect(screen.sent.filter((call) => call.src === 'rateAppointment')).toHaveLength(2);
  });
});
