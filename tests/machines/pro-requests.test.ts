/**
 * The requests waiting for her (issue 27), the machine alone: loaded once, busy until they come, in
 * the server's order; a failure says why and may be tried again.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PRO_REQUESTS_EVENTS, proRequestsMachine } from '../../machines/pro/requests';
import { callsByHand } from './calls';
import { REQUEST, SALOTTO, handledEvents } from '../../machines/testing/pro-fixtures';

function open() {
  const calls = callsByHand(['loadProRequests'] as const);
  const actor = createActor(proRequestsMachine.provide({ actors: calls.actors })).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    return { requests: snapshot.context.requests, error: snapshot.context.error, busy: snapshot.hasTag('busy') };
  };
  return { actor, ...calls, seen };
}

describe('the requests', () => {
  it('loads them, busy until they come, then shows them in the server’s order', async () => {
    const screen = open();
    expect(screen.sent).toEqual([{ src: 'loadProRequests', input: undefined }]);
    expect(screen.seen()).toEqual({ requests: [], error: null, busy: true });
    await screen.settle('loadProRequests', { output: [SALOTTO, REQUEST] });
    expect(screen.seen()).toEqual({ requests: [SALOTTO, REQUEST], error: null, busy: false });
  });

  it('a failure: the reason; PRO.RETRY loads them again, once however often pressed', async () => {
    const screen = open();
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent).toHaveLength(1);
    await screen.settle('loadProRequests', new Error('Troppe richieste, riprova tra poco.'));
    expect(screen.seen()).toEqual({ requests: [], error: 'Troppe richieste, riprova tra poco.', busy: false });
    screen.actor.send({ type: 'pro.retry' });
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent).toHaveLength(2);
    expect(screen.seen()).toMatchObject({ busy: true });
    await screen.settle('loadProRequests', { output: [] });
    expect(screen.seen()).toEqual({ requests: [], error: null, busy: false });
  });

  it('once loaded, PRO.RETRY does nothing', async () => {
    const screen = open();
    await screen.settle('loadProRequests', { output: [REQUEST] });
    screen.actor.send({ type: 'pro.retry' });
    expect(screen.sent).toHaveLength(1);
  });
});

it('PRO_REQUESTS_EVENTS lists exactly the events the machine handles (what the root forwards)', () => {
  expect([...PRO_REQUESTS_EVENTS].sort()).toEqual(handledEvents(proRequestsMachine));
});
