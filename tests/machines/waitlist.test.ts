/**
 * The waitlist dialog of a sold-out day (issue 16): what it sends and what a person sees while it
 * does. Expectations from the issue: she leaves her e-mail (her account's prefilled), it is checked
 * as SPEC §5 checks an e-mail, and the entry carries that day's draft so the offer's link can open
 * the wizard on it. The machine alone, its join call answered by hand.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { WAITLIST_DRAFT } from '../../machines/testing/fixtures';
import type { ToastParams } from '../../machines/shared/effects';
import { waitlistMachine, type JoinWaitlistInput } from '../../machines/waitlist/machine';
import { callsByHand } from './calls';

function open(email: string | null) {
  const calls = callsByHand(['joinWaitlist'] as const);
  const toasts: ToastParams[] = [];
  const machine = waitlistMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, {
    input: { email, draft: WAITLIST_DRAFT.draft, services: WAITLIST_DRAFT.services },
  }).start();
  const settle = (outcome: 'ok' | Error) => calls.settle('joinWaitlist', outcome === 'ok' ? { output: null } : outcome);
  return {
    actor,
    toasts,
    settle,
    /** What the join call was sent, in order. */
    get sent() {
      return calls.sent.map((call) => call.input as JoinWaitlistInput);
    },
  };
}

describe('the waitlist dialog', () => {
  it('prefills her account’s e-mail', () => {
    expect(open('anna@example.it').actor.getSnapshot().context.email).toBe('anna@example.it');
  });

  it('sends the e-mail she typed, without its spaces, with the day’s draft and services; busy until the answer', async () => {
    const dialog = open(null);
    dialog.actor.send({ type: 'waitlist.join', email: '  anna@example.it ' });
    expect(dialog.sent).toEqual([
      { email: 'anna@example.it', draft: WAITLIST_DRAFT.draft, services: WAITLIST_DRAFT.services },
    ]);
    expect(dialog.actor.getSnapshot().hasTag('busy')).toBe(true);
    await dialog.settle('ok');
    expect(dialog.actor.getSnapshot().status).toBe('done');
    expect(dialog.toasts).toEqual([{ type: 'success', title: MESSAGES.waitlistJoined }]);
  });

  it('an e-mail that is not one: the field says why, nothing is sent, the dialog stays', () => {
    const dialog = open(null);
    dialog.actor.send({ type: 'waitlist.join', email: 'anna@' });
    expect(dialog.sent).toEqual([]);
    const snapshot = dialog.actor.getSnapshot();
    expect(Object.keys(snapshot.context.errors)).toEqual(['email']);
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.status).toBe('active');
  });

  it('a refusal: its message in a toast, the dialog open again with the error cleared, and she can retry', async () => {
    const dialog = open(null);
    dialog.actor.send({ type: 'waitlist.join', email: 'anna@' });
    dialog.actor.send({ type: 'waitlist.join', email: 'anna@example.it' });
    expect(dialog.actor.getSnapshot().context.errors).toEqual({});
    await dialog.settle(new Error('Troppe richieste, riprova tra poco.'));
    expect(dialog.toasts).toEqual([{ type: 'error', title: 'Troppe richieste, riprova tra poco.' }]);
    const snapshot = dialog.actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.hasTag('busy')).toBe(false);
    dialog.actor.send({ type: 'waitlist.join', email: 'anna@example.it' });
    expect(dialog.sent).toHaveLength(2);
  });

  it('closes without sending anything', () => {
    const dialog = open('anna@example.it');
    dialog.actor.send({ type: 'waitlist.close' });
    expect(dialog.actor.getSnapshot().status).toBe('done');
    expect(dialog.sent).toEqual([]);
  });
});
