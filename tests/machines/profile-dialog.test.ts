/**
 * The profile dialog (SPEC §4, §5), the machine alone under a parent that records what it is told,
 * its call answered by hand. Expectations from SPEC: each opening starts from the stored address
 * with no error and says so in its popup; SALVA with a rule broken shows each field's message and
 * sends nothing; a good form goes with the address picked, busy until the answer, then 'Dati
 * aggiornati correttamente', the app told the new user, and the next opening starts from the new
 * address; a refusal is said and the dialog stays; an address cleared, or edited so it lost its
 * number, is refused; SALVA during an address lookup waits for it; ANNULLA forgets the errors.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, type ActorRefFrom } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import type { User } from '../../contract/user';
import { profileDialogMachine, toProfileAddressEvent } from '../../machines/profile-dialog/machine';
import type { ToastParams, TrackParams } from '../../machines/shared/effects';
import { LOCATION_NO_NUMBER, LOCATION_TORINO, USER } from '../../machines/testing/fixtures';
import { callsByHand } from './calls';

const FIELDS = { firstName: 'Anna', lastName: 'Rossi', phoneNumber: '3331234567', email: 'anna@example.it' };
const BAD_FIELDS = { ...FIELDS, firstName: '', email: 'anna' };
const MOVED: User = { ...USER, location: { ...LOCATION_TORINO, address: 'Via Po, 5, Torino' } };

function open() {
  const calls = callsByHand(['updateProfile'] as const);
  const toasts: ToastParams[] = [];
  const tracked: TrackParams[] = [];
  const told: unknown[] = [];
  const dialogMachine = profileDialogMachine.provide({
    actors: calls.actors,
    actions: {
      showToast: (_, params: ToastParams) => void toasts.push(params),
      track: (_, params: TrackParams) => void tracked.push(params),
    },
  });
  const parent = setup({ actors: { dialogMachine } }).createMachine({
    invoke: { src: 'dialogMachine', id: 'dialog', input: { userId: USER.id, location: LOCATION_TORINO } },
    on: { 'session.userUpdated': { actions: ({ event }) => void told.push(event) } },
  });
  const actor = createActor(parent).start();
  const dialog = () => actor.getSnapshot().children.dialog as ActorRefFrom<typeof profileDialogMachine>;
  const send = (event: Parameters<ReturnType<typeof dialog>['send']>[0]) => dialog().send(event);
  const seen = () => {
    const snapshot = dialog().getSnapshot();
    return {
      open: snapshot.hasTag('dialog'),
      busy: snapshot.hasTag('busy'),
      errors: Object.keys(snapshot.context.errors).sort(),
      location: snapshot.context.location,
    };
  };
  send({ type: 'profile.open' });
  return { ...calls, send, seen, toasts, tracked, told, dialog };
}

describe('the profile dialog', () => {
  it('opens from the stored address, with its popup', () => {
    const profile = open();
    expect(profile.seen()).toEqual({ open: true, busy: false, errors: [], location: LOCATION_TORINO });
    expect(profile.tracked).toEqual([{ event: 'popup', label: 'profilo' }]);
  });

  it('SALVA with rules broken: each field’s message, nothing sent; fixed, the form goes with the address, errors gone, busy', () => {
    const profile = open();
    profile.send({ type: 'profile.submit', form: BAD_FIELDS });
    expect(profile.seen()).toMatchObject({ open: true, errors: ['email', 'firstName'] });
    expect(profile.sent).toEqual([]);
    profile.send({ type: 'profile.submit', form: FIELDS });
    expect(profile.sent).toEqual([
      { src: 'updateProfile', input: { userId: USER.id, form: { ...FIELDS, location: LOCATION_TORINO } } },
    ]);
    expect(profile.seen()).toMatchObject({ busy: true, errors: [] });
  });

  it('saved: the toast, the app told the new user, closed; the next opening starts from the new address', async () => {
    const profile = open();
    profile.send({ type: 'profile.submit', form: FIELDS });
    await profile.settle('updateProfile', { output: MOVED });
    expect(profile.toasts).toEqual([{ type: 'success', title: MESSAGES.profileUpdated }]);
    expect(profile.told).toEqual([{ type: 'session.userUpdated', user: MOVED }]);
    expect(profile.seen().open).toBe(false);
    profile.send({ type: 'profile.open' });
    expect(profile.seen().location).toEqual(MOVED.location);
  });

  it('refused: the reason in a toast, the dialog open and not busy', async () => {
    const profile = open();
    profile.send({ type: 'profile.submit', form: FIELDS });
    await profile.settle('updateProfile', new Error('Email già in uso'));
    expect(profile.toasts).toEqual([{ type: 'error', title: 'Email già in uso' }]);
    expect(profile.seen()).toMatchObject({ open: true, busy: false });
  });

  it('an address cleared, or edited so it lost its house number, is refused', () => {
    const cleared = open();
    cleared.send({ type: 'location.clear' });
    expect(cleared.seen().location).toBeNull();
    cleared.send({ type: 'profile.submit', form: FIELDS });
    expect(cleared.seen().errors).toEqual(['location']);
    const edited = open();
    edited.send({ type: 'location.clearStreetNumber' });
    expect(edited.seen().location?.components.streetNumber).toBe('');
    edited.send({ type: 'profile.submit', form: FIELDS });
    expect(edited.dialog().getSnapshot().context.errors).toEqual({ location: MESSAGES.streetNumberRequired });
    expect(edited.sent).toEqual([]);
  });

  it('SALVA during a lookup waits (busy), then goes with the address it answered', () => {
    const profile = open();
    profile.send({ type: 'location.pending' });
    profile.send({ type: 'profile.submit', form: FIELDS });
    expect(profile.seen()).toMatchObject({ busy: true });
    expect(profile.sent).toEqual([]);
    profile.send({ type: 'location.set', location: MOVED.location! });
    expect(profile.sent).toEqual([
      { src: 'updateProfile', input: { userId: USER.id, form: { ...FIELDS, location: MOVED.location } } },
    ]);
    expect(profile.seen().location).toEqual(MOVED.location);
  });

  it('SALVA during a lookup that answers an address without its number: refused with SPEC’s message', () => {
    const profile = open();
    profile.send({ type: 'profile.submit', form: BAD_FIELDS });
    profile.send({ type: 'location.pending' });
    profile.send({ type: 'profile.submit', form: FIELDS });
    profile.send({ type: 'location.set', location: LOCATION_NO_NUMBER });
    expect(profile.dialog().getSnapshot().context.errors).toEqual({ location: MESSAGES.streetNumberRequired });
    expect(profile.seen()).toMatchObject({ busy: false, location: LOCATION_NO_NUMBER });
    expect(profile.sent).toEqual([]);
  });

  it('SALVA during a lookup after a refused SALVA: once the address comes and the form goes, the old errors are gone', async () => {
    const profile = open();
    profile.send({ type: 'profile.submit', form: BAD_FIELDS });
    profile.send({ type: 'location.pending' });
    profile.send({ type: 'profile.submit', form: FIELDS });
    profile.send({ type: 'location.set', location: LOCATION_TORINO });
    expect(profile.seen()).toMatchObject({ busy: true, errors: [] });
    await profile.settle('updateProfile', new Error('Email già in uso'));
    expect(profile.seen()).toMatchObject({ open: true, busy: false, errors: [] });
  });

  it('a lookup that answers while she has not pressed SALVA: the address taken', () => {
    const profile = open();
    profile.send({ type: 'location.pending' });
    profile.send({ type: 'location.set', location: MOVED.location! });
    expect(profile.seen()).toMatchObject({ busy: false, location: MOVED.location });
  });

  it.each(['open', 'resolving'] as const)('ANNULLA (%s) forgets the errors and the address picked', (where) => {
    const profile = open();
    profile.send({ type: 'profile.submit', form: BAD_FIELDS });
    profile.send({ type: 'location.clear' });
    if (where === 'resolving') profile.send({ type: 'location.pending' });
    profile.send({ type: 'profile.cancel' });
    expect(profile.seen()).toMatchObject({ open: false, errors: [] });
    profile.send({ type: 'profile.open' });
    expect(profile.seen()).toEqual({ open: true, busy: false, errors: [], location: LOCATION_TORINO });
  });

  it('what she types in its address field goes to its picker', () => {
    const profile = open();
    profile.send(toProfileAddressEvent({ type: 'address.type', value: 'Via Po' }));
    const picker = profile.dialog().getSnapshot().children.profileAddress!;
    expect(picker.getSnapshot().context.query).toBe('Via Po');
  });
});
