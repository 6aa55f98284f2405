/**
 * The out-of-zone dialog (SPEC §2, §4, §5), the machine alone, its call answered by hand.
 * Expectations from SPEC: TIENIMI AGGIORNATA with an e-mail that is not one says why and sends
 * nothing; a good one is sent (without its spaces) with the address, busy until the answer, then
 * 'Richiesta inviata correttamente' and the dialog closes; a refusal is said and the dialog stays;
 * the dialog tells the wizard how it was left: subscribed, another address, or closed.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { outOfZoneMachine } from '../../machines/out-of-zone/machine';
import type { ToastParams } from '../../machines/shared/effects';
import { LOCATION_TORINO } from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

function open() {
  const calls = callsByHand(['subscribeToList'] as const);
  const toasts: ToastParams[] = [];
  const machine = outOfZoneMachine.provide({
    actors: calls.actors,
    actions: { showToast: (_, params: ToastParams) => void toasts.push(params) },
  });
  const actor = createActor(machine, { input: { location: LOCATION_TORINO } }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    return { status: snapshot.status, errors: Object.keys(snapshot.context.errors), busy: snapshot.hasTag('busy') };
  };
  return { actor, ...calls, toasts, seen };
}

describe('the out-of-zone dialog', () => {
  it('an e-mail that is not one: the field says why, nothing sent, the dialog stays', () => {
    const dialog = open();
    dialog.actor.send({ type: 'outOfZone.subscribe', email: 'anna@' });
    expect(dialog.seen()).toEqual({ status: 'active', errors: ['email'], busy: false });
    expect(dialog.sent).toEqual([]);
  });

  it('a good e-mail: sent without its spaces with the address, the error gone, busy; then the toast, closed as subscribed', async () => {
    const dialog = open();
    dialog.actor.send({ type: 'outOfZone.subscribe', email: 'anna@' });
    dialog.actor.send({ type: 'outOfZone.subscribe', email: ' anna@example.it  ' });
    expect(dialog.sent).toEqual([
      { src: 'subscribeToList', input: { email: 'anna@example.it', location: LOCATION_TORINO } },
    ]);
    expect(dialog.seen()).toEqual({ status: 'active', errors: [], busy: true });
    await dialog.settle('subscribeToList', { output: null });
    expect(dialog.toasts).toEqual([{ type: 'success', title: MESSAGES.subscribed }]);
    expect(dialog.actor.getSnapshot().status).toBe('done');
    expect(dialog.actor.getSnapshot().output).toEqual({ choice: 'subscribed' });
  });

  it('a refusal: the reason in a toast, the dialog open again, she can retry', async () => {
    const dialog = open();
    dialog.actor.send({ type: 'outOfZone.subscribe', email: 'anna@example.it' });
    await dialog.settle('subscribeToList', new Error('Troppe richieste, riprova tra poco.'));
    expect(dialog.toasts).toEqual([{ type: 'error', title: 'Troppe richieste, riprova tra poco.' }]);
    expect(dialog.seen()).toEqual({ status: 'active', errors: [], busy: false });
    dialog.actor.send({ type: 'outOfZone.subscribe', email: 'anna@example.it' });
    expect(dialog.sent).toHaveLength(2);
  });

  it.each([
    ['outOfZone.useOtherAddress', 'otherAddress'],
    ['outOfZone.close', 'closed'],
  ] as const)('%s: closed, telling the wizard %s', (type, choice) => {
    const dialog = open();
    dialog.actor.send({ type });
    expect(dialog.actor.getSnapshot().output).toEqual({ choice });
    expect(dialog.sent).toEqual([]);
  });
});
