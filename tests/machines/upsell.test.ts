/**
 * The upsell box of the service step (SPEC §4), the machine alone, its clock moved by hand.
 * Expectations from SPEC and docs/analytics.md: the box shows one variant group and says so in its
 * popup; asking for the group already shown changes nothing; another group closes the box and opens
 * it again with that group after a short pause (DELAYS.upsellCloseReopen), with its own popup;
 * closing or choosing closes it at once and forgets the group; leaving the step closes it after the
 * pause.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { DELAYS } from '../../contract/constants';
import type { TrackParams } from '../../machines/shared/effects';
import { upsellMachine } from '../../machines/upsell/machine';

function open() {
  const popups: TrackParams[] = [];
  const clock = new SimulatedClock();
  const machine = upsellMachine.provide({ actions: { track: (_, params: TrackParams) => void popups.push(params) } });
  const actor = createActor(machine, { clock }).start();
  const seen = () => {
    const snapshot = actor.getSnapshot();
    return { open: snapshot.hasTag('dialog'), group: snapshot.context.groupId };
  };
  const groupsPopped = () => popups.map((popup) => popup.fields?.upsell_group);
  return { actor, clock, seen, groupsPopped };
}

const PAUSE = DELAYS.upsellCloseReopen;

describe('the upsell box', () => {
  it('starts closed, with no group', () => {
    expect(open().seen()).toEqual({ open: false, group: null });
  });

  it('opens with a group and says which in its popup; the same group again changes nothing', () => {
    const box = open();
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    expect(box.seen()).toEqual({ open: true, group: 'g-colore' });
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    box.clock.increment(PAUSE);
    expect(box.seen()).toEqual({ open: true, group: 'g-colore' });
    expect(box.groupsPopped()).toEqual(['g-colore']);
  });

  it('another group: the box closes, then opens again with it after the pause, with its popup', () => {
    const box = open();
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    box.actor.send({ type: 'upsell.open', groupId: 'g-piega' });
    expect(box.seen().open).toBe(false);
    box.clock.increment(PAUSE);
    expect(box.seen()).toEqual({ open: true, group: 'g-piega' });
    expect(box.groupsPopped()).toEqual(['g-colore', 'g-piega']);
  });

  it.each([
    { type: 'upsell.close' } as const,
    { type: 'upsell.choose', groupId: 'g-colore', serviceId: 's-1' } as const,
  ])('$type closes it at once and forgets the group', (event) => {
    const box = open();
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    box.actor.send(event);
    expect(box.seen()).toEqual({ open: false, group: null });
  });

  it('leaving the step closes it after the pause and forgets the group; opened again, it pops again', () => {
    const box = open();
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    box.actor.send({ type: 'upsell.leave' });
    box.clock.increment(PAUSE);
    expect(box.seen()).toEqual({ open: false, group: null });
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    expect(box.seen()).toEqual({ open: true, group: 'g-colore' });
    expect(box.groupsPopped()).toEqual(['g-colore', 'g-colore']);
  });

  it('left during the pause before another group: it stays closed, and no popup says the group (issue 25)', () => {
    const box = open();
    box.actor.send({ type: 'upsell.open', groupId: 'g-colore' });
    box.actor.send({ type: 'upsell.open', groupId: 'g-piega' });
    // AVANTI pressed during the pause: the route left the service step.
    box.actor.send({ type: 'upsell.leave' });
    box.clock.increment(PAUSE);
    expect(box.seen()).toEqual({ open: false, group: null });
    expect(box.groupsPopped()).toEqual(['g-colore']);
  });
});
