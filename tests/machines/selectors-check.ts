/**
 * The selectors the UI reads the root snapshot with (machines/app/selectors.ts), judged after each
 * step of a replayed path against what SPEC says the shell shows (tests/oracle/shell.ts) and what
 * the oracle observed of the same state (the parts of a step drawn while their child runs).
 */
import type { AnyMachineSnapshot } from 'xstate';
import * as selectors from '../../machines/app/selectors';
import type { Observation } from '../oracle/oracle';
import { expectedBusy, expectedPage, expectedProgress, orderTotal } from '../oracle/shell';
import type { Harness } from './harness';

type Snapshot = Parameters<typeof selectors.selectPage>[0];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function selectorProblems(harness: Harness, now: Observation): string[] {
  const snapshot = harness.actor.getSnapshot() as Snapshot;
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (!same(actual, expected))
      problems.push(`${what}: the UI reads ${JSON.stringify(actual)}, SPEC says ${JSON.stringify(expected)}`);
  };
  const page = expectedPage(now);
  if (page !== null) expect('the page', selectors.selectPage(snapshot), page);
  const progress = expectedProgress(now);
  if (progress !== null) expect('the progress bar', selectors.selectProgress(snapshot), progress);
  const busy = expectedBusy(now);
  if (busy !== null) expect('busy', selectors.selectIsBusy(snapshot), busy);
  expect('the order total', selectors.selectOrderTotal(snapshot), orderTotal(now.draft));
  expect('the confirmation modal', selectors.selectIsConfirming(snapshot), now.dialogs.confirmation);
  if (now.serviceList !== null) expect('the service list', selectors.selectServiceLoad(snapshot), now.serviceList);
  expect('the services', selectors.selectServices(snapshot), now.services);
  expect('the draft', selectors.selectDraft(snapshot), now.draft);
  expect('signed in', selectors.selectUser(snapshot) !== null, now.signedIn);
  expect('the refusal', selectors.selectNotice(snapshot)?.id ?? null, now.notice?.id ?? null);
  expect('the form errors', selectors.selectFormErrors(snapshot), now.errors);

  // The parts of the screen drawn while their child runs.
  const running = (id: string) => harness.child(id)?.getSnapshot().status === 'active';
  // A child that has finished (the booking sent) is no longer drawn.
  const drawn = (what: string, ref: { getSnapshot(): { status: string } } | undefined, shown: boolean) =>
    expect(`${what} drawn`, ref?.getSnapshot().status === 'active', shown);
  drawn('the address picker', selectors.selectAddressPicker(snapshot), now.addressPicker !== null);
  drawn('the out-of-zone dialog', selectors.selectOutOfZone(snapshot), now.dialogs.outOfZone);
  drawn('the slots', selectors.selectSlots(snapshot), now.slots !== null);
  drawn('the coupon block', selectors.selectCoupon(snapshot), now.coupon !== null);
  drawn('the checkout form', selectors.selectCheckoutSubmission(snapshot), now.checkout !== null);
  drawn('the profile dialog', selectors.selectProfileDialog(snapshot), now.profileAddress !== null);
  drawn('the waitlist dialog', selectors.selectWaitlist(snapshot), now.waitlistErrors !== null);
  drawn('the appointment', selectors.selectAppointment(snapshot), running('appointment'));
  drawn('the move', selectors.selectReschedule(snapshot), now.move !== null);
  if (now.upsellOpen) drawn('the upsell box', selectors.selectUpsell(snapshot), true);
  const move = selectors.selectReschedule(snapshot)?.getSnapshot() as AnyMachineSnapshot | undefined;
  drawn(
    "the move's times",
    selectors.selectRescheduleSlots(move as Parameters<typeof selectors.selectRescheduleSlots>[0]),
    running('moveSlots'),
  );
  const profile = selectors.selectProfileDialog(snapshot)?.getSnapshot();
  drawn("the profile's address", selectors.selectProfileAddress(profile), running('profileAddress'));
  return problems;
}
