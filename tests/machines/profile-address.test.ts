/**
 * The profile dialog's address goes through the app's one address picker (SPEC §4, §5): the
 * same `addressPicker` machine as the location step, invoked by the dialog, without the
 * serviceability check; SALVA while a lookup the address needs runs waits for its answer; a
 * profile without a house number is refused with SPEC's message. The real actor, its children
 * (and the dialog's own child) and fake calls answered by hand.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../machines/app/context';
import { routeEvent } from '../../machines/app/routing';
import {
  LOCATION_TORINO,
  SUGGESTION_FULL,
  SUGGESTION_NO_NUMBER,
  TODAY,
  VALID_PROFILE_FORM,
} from '../../machines/testing/fixtures';
import { createHarness, type Harness } from './harness';

const { location: _sentLocation, ...FIELDS } = VALID_PROFILE_FORM;

const dialog = (h: Harness) => h.child('profileDialog')!.getSnapshot();
const dialogOpen = (h: Harness) => dialog(h).value !== 'closed';
const calls = (h: Harness, src: string) => h.pending.filter((call) => call.src === src);
const sentLocation = (h: Harness) =>
  (calls(h, 'updateProfile')[0]?.input as { form: { location: typeof LOCATION_TORINO } } | undefined)?.form.location;

async function signedInWithDialog(): Promise<Harness> {
  const h = createHarness({ today: TODAY });
  await h.send(routeEvent('/login'));
  await h.send({ type: 'session.login', email: 'demo@musa.example', password: 'Musa2026!' });
  await h.settle('login', 'ok');
  await h.send({ type: 'profile.open' });
  return h;
}

async function pick(h: Harness, suggestion: typeof SUGGESTION_FULL) {
  await h.send({ type: 'profile.address.focus' });
  await h.send({ type: 'profile.address.type', value: 'Via Roma Torino' });
  await h.elapse('searchDebounce');
  await h.settle('searchAddresses', 'results');
  await h.send({ type: 'profile.address.select', suggestion });
}

describe('profile dialog: the address through the shared picker', () => {
  it('opens with the stored address in the field, and its picker is the address picker machine', async () => {
    const h = await signedInWithDialog();
    const picker = h.child('profileAddress')!;
    expect((picker.getSnapshot().context as { query: string }).query).toBe(LOCATION_TORINO.address);
    expect((h.child('addressPicker')!.getSnapshot().context as { query: string }).query).toBe('');
  });

  it('typing in the profile field searches there, never in the location step picker', async () => {
    const h = await signedInWithDialog();
    await pick(h, SUGGESTION_FULL);
    expect((h.child('profileAddress')!.getSnapshot().context as { query: string }).query).toBe(
      SUGGESTION_FULL.description,
    );
    expect((h.child('addressPicker')!.getSnapshot().context as { query: string }).query).toBe('');
  });

  it('a full address is taken without the serviceability check', async () => {
    const h = await signedInWithDialog();
    await pick(h, SUGGESTION_FULL);
    await h.settle('resolveAddress', 'ok');
    expect(calls(h, 'checkLocation')).toEqual([]);
    expect(h.child('profileAddress')!.getSnapshot().value).toBe('selected');
    await h.send({ type: 'profile.submit', form: FIELDS });
    expect(sentLocation(h)).toEqual(LOCATION_TORINO);
  });

  it('SALVA while the typed house number is looked up: busy, then the profile goes with that number', async () => {
    const h = await signedInWithDialog();
    await pick(h, SUGGESTION_NO_NUMBER);
    await h.settle('resolveAddress', 'ok');
    // The house-number field's blur (the click on SALVA) sends the number, then the click itself.
    await h.send({ type: 'profile.address.streetNumber', value: '2' });
    await h.send({ type: 'profile.submit', form: FIELDS });
    expect(dialog(h).hasTag('busy')).toBe(true);
    expect(calls(h, 'updateProfile')).toEqual([]);
    // The lookup fails: the typed number stands (SPEC §4), and the profile is sent with it.
    await h.settle('lookupStreetNumber', 'failed');
    // (written into the address, SPEC §5 'complete with 3 comma-separated parts': route, number, city)
    expect(sentLocation(h)).toMatchObject({
      address: 'Via Roma, 2, Torino',
      components: { streetNumber: '2' },
    });
    await h.settle('updateProfile', 'ok');
    expect(dialogOpen(h)).toBe(false);
    expect(h.effects).toContainEqual({
      type: 'showToast',
      params: { type: 'success', title: 'Dati aggiornati correttamente' },
    });
  });

  it('an address without a house number is refused with "Devi aggiungere il numero civico", nothing sent', async () => {
    const h = await signedInWithDialog();
    await pick(h, SUGGESTION_NO_NUMBER);
    await h.settle('resolveAddress', 'ok');
    await h.send({ type: 'profile.submit', form: FIELDS });
    expect(calls(h, 'updateProfile')).toEqual([]);
    expect(dialogOpen(h)).toBe(true);
    expect(Object.values((dialog(h).context as { errors: Record<string, string> }).errors)).toContain(
      'Devi aggiungere il numero civico',
    );
  });

  it('SALVA right after choosing an address that has no number waits for it, then refuses', async () => {
    const h = await signedInWithDialog();
    await pick(h, SUGGESTION_NO_NUMBER);
    await h.send({ type: 'profile.submit', form: FIELDS });
    expect(dialog(h).hasTag('busy')).toBe(true);
    await h.settle('resolveAddress', 'ok');
    expect(dialog(h).hasTag('busy')).toBe(false);
    expect(calls(h, 'updateProfile')).toEqual([]);
    expect(Object.values((dialog(h).context as { errors: Record<string, string> }).errors)).toContain(
      'Devi aggiungere il numero civico',
    );
  });

  it('ANNULLA forgets the address picked; the next opening starts from the stored one', async () => {
    const h = await signedInWithDialog();
    await pick(h, SUGGESTION_NO_NUMBER);
    await h.settle('resolveAddress', 'ok');
    await h.send({ type: 'profile.cancel' });
    expect(h.child('profileAddress')).toBeUndefined();
    await h.send({ type: 'profile.open' });
    expect((dialog(h).context as { location: unknown }).location).toEqual(
      (h.actor.getSnapshot().context as AppContext).user?.location,
    );
    expect((h.child('profileAddress')!.getSnapshot().context as { query: string }).query).toBe(LOCATION_TORINO.address);
  });
});
