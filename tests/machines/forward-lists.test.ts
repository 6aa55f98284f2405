/**
 * The lists the parents forward are the children's own events, both ways: every event a child
 * handles from outside is forwarded to it by the parent's forwarding action, and that action
 * forwards nothing else. A child that learns a new event, or a list that loses one, fails here.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachine } from '../../machines/app/machine';
import { ADDRESS_PICKER_EVENTS, addressPickerMachine } from '../../machines/address-picker/machine';
import { CONFIRMATION_EVENTS, confirmationMachine } from '../../machines/confirmation/machine';
import { COUPON_EVENTS, couponMachine } from '../../machines/coupon/machine';
import { OUT_OF_ZONE_EVENTS, outOfZoneMachine } from '../../machines/out-of-zone/machine';
import { PROFILE_ADDRESS_EVENTS, profileDialogMachine } from '../../machines/profile-dialog/machine';
import { PROVIDER_FILTER_EVENTS, slotsMachine } from '../../machines/slots/machine';

function nodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return nodes;
}

/** The event types a machine reacts to that come from outside it (not its own timers and invocations). */
function outsideEvents(machine: AnyStateMachine): string[] {
  const types = new Set(nodesOf(machine).flatMap((node) => Object.keys(node.on)));
  return [...types].filter((type) => !type.startsWith('xstate.')).sort();
}

const actionName = (action: unknown): string | undefined =>
  typeof action === 'string' ? action : (action as { type?: string } | undefined)?.type;

/** The event types whose transitions, anywhere in the machine, run the given action. */
function typesRunning(machine: AnyStateMachine, action: string): string[] {
  const types = new Set<string>();
  for (const node of nodesOf(machine)) {
    for (const [type, transitions] of Object.entries(node.on)) {
      for (const transition of transitions as { actions: readonly unknown[] }[]) {
        if (transition.actions.some((a) => actionName(a) === action)) types.add(type);
      }
    }
  }
  return [...types].sort();
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('forward lists', () => {
  const cases = [
    { child: couponMachine, list: COUPON_EVENTS, parent: appMachine, action: 'forwardToCoupon', fromParent: [] },
    {
      child: slotsMachine,
      list: PROVIDER_FILTER_EVENTS,
      parent: appMachine,
      action: 'forwardToSlots',
      // Sent by the root's own action when the draft's day or professional changes, not forwarded.
      fromParent: ['slots.requestChanged'],
    },
    {
      child: confirmationMachine,
      list: CONFIRMATION_EVENTS,
      parent: appMachine,
      action: 'forwardToConfirmation',
      fromParent: [],
    },
    {
      child: addressPickerMachine,
      list: ADDRESS_PICKER_EVENTS,
      parent: appMachine,
      action: 'forwardToAddressPicker',
      fromParent: [],
    },
    {
      child: outOfZoneMachine,
      list: OUT_OF_ZONE_EVENTS,
      parent: appMachine,
      action: 'forwardToOutOfZone',
      fromParent: [],
    },
  ] as const;

  for (const { child, list, parent, action, fromParent } of cases) {
    it(`${child.id}: the list is every event it handles from outside`, () => {
      expect(sorted(list)).toEqual(
        outsideEvents(child).filter((type) => !(fromParent as readonly string[]).includes(type)),
      );
    });
    it(`${child.id}: the parent's ${action} forwards exactly the list`, () => {
      expect(typesRunning(parent, action)).toEqual(sorted(list));
    });
  }

  it("the profile dialog forwards its picker's events, renamed, and the root hands them to the dialog", () => {
    expect(sorted(PROFILE_ADDRESS_EVENTS)).toEqual(sorted(ADDRESS_PICKER_EVENTS.map((type) => `profile.${type}`)));
    expect(typesRunning(profileDialogMachine, 'forwardToPicker')).toEqual(sorted(PROFILE_ADDRESS_EVENTS));
    expect(typesRunning(appMachine, 'forwardToProfileDialog')).toEqual(
      sorted(outsideEvents(profileDialogMachine).filter((type) => type.startsWith('profile.'))),
    );
  });
});
