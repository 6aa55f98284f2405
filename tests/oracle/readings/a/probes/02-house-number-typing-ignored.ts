/**
 * SPEC §2 location: "a house-number field shown when the chosen address has no number"; §4 "House-number
 * field shows when the address has no street number." and "A street number comes from the suggestion
 * or is typed separately". Whenever the draft's address lacks a number the field shows; typing in it
 * must give the address its number. The picker takes `address.streetNumber` only in `needsStreetNumber`.
 */
import type { Harness } from '../harness';
import {
  SUG_VIA_ROMA,
  SUG_VIA_ROMA_10,
  VIA_ROMA,
  draftAddress,
  header,
  line,
  onLocationStep,
  pickerOf,
  route,
  startApp,
  typeAddress,
  verdict,
} from '../harness';

header(
  '02 house-number field shown, typing in it does nothing',
  '§2 "a house-number field shown when the chosen address has no number"; §4 "A street number comes from the suggestion or is typed separately"',
  'location step, the draft address without a number, reached five ways (below); she types "2" in the house-number field',
);

const lacksNumber = (h: Harness) => (h.snap().context.draft.location?.components.streetNumber ?? '') === '';
const results: boolean[] = [];

const checks = (h: Harness) => h.recorded.calls.filter((call) => call.name === 'checkLocation').length;
const outOfZone = (h: Harness) => JSON.stringify(h.snap().value).includes('outOfZone');

const tryNumber = async (label: string, h: Harness) => {
  line(`${label} before`, `field shown=${lacksNumber(h)} picker=${pickerOf(h).state} draft=${draftAddress(h)}`);
  const checked = checks(h);
  await h.send({ type: 'address.streetNumber', value: '2' });
  // The number checked again and found out of zone again: SPEC §4 reopens the dialog (nothing to advance).
  const checkedAgain = checks(h) > checked && outOfZone(h);
  await h.send({ type: 'step.next' });
  line(
    `${label} typed "2"`,
    `picker=${pickerOf(h).state} draft=${draftAddress(h)} checked again=${checkedAgain} out-of-zone dialog=${outOfZone(h)} AVANTI notice=${JSON.stringify(h.snap().context.notice?.message ?? null)}`,
  );
  results.push(lacksNumber(h) && !checkedAgain);
};

// (a) the SPEC's own clearing: a picked full address edited, then the field left.
const b = await onLocationStep();
await b.send({ type: 'address.focus' });
await typeAddress(b, 'Via Roma 10');
await b.send({ type: 'address.select', suggestion: SUG_VIA_ROMA_10 });
await b.send({ type: 'address.type', value: 'Via Roma, 1, Torino' });
await b.send({ type: 'address.blur' });
await tryNumber('(a) edited+left', b);

// (b) a reload on the booking start while the number was still to type (draft restored from storage).
const c = await onLocationStep({ input: { draft: { location: VIA_ROMA } } });
await tryNumber('(b) reload', c);

// (c) the serviceability check fails once (network), she types the number again.
let failOnce = true;
const d = await onLocationStep({
  handlers: {
    checkLocation: async () => {
      if (failOnce) {
        failOnce = false;
        throw new Error('Servizio non raggiungibile');
      }
      return { canBeServed: true };
    },
  },
});
await d.send({ type: 'address.focus' });
await typeAddress(d, 'Via Roma');
await d.send({ type: 'address.select', suggestion: SUG_VIA_ROMA });
await d.send({ type: 'address.streetNumber', value: '2' });
line('(c) check failed', `toasts=${JSON.stringify(d.recorded.toasts.map((t) => t.title))}`);
await tryNumber('(c) retry number', d);

// (d) out of zone: the dialog closed (X), the street without number stays in the draft.
const e = await onLocationStep({ handlers: { checkLocation: async () => ({ canBeServed: false }) } });
await e.send({ type: 'address.focus' });
await typeAddress(e, 'Via Roma');
await e.send({ type: 'address.select', suggestion: SUG_VIA_ROMA });
await e.send({ type: 'address.streetNumber', value: '2' });
await e.send({ type: 'outOfZone.close' });
await tryNumber('(d) after dialog', e);

// (d2) the same, where the number she types next is in the zone: the address is taken.
let outOnce = true;
const e2 = await onLocationStep({
  handlers: {
    checkLocation: async () => {
      const canBeServed = !outOnce;
      outOnce = false;
      return { canBeServed };
    },
  },
});
await e2.send({ type: 'address.focus' });
await typeAddress(e2, 'Via Roma');
await e2.send({ type: 'address.select', suggestion: SUG_VIA_ROMA });
await e2.send({ type: 'address.streetNumber', value: '3' });
await e2.send({ type: 'outOfZone.close' });
await tryNumber('(d2) after dialog, in zone', e2);

// (e) the profile dialog (same picker): her saved address edited, the field left, then the number typed.
const f = startApp({ input: { hasCredential: true } });
await f.send(route('/', '', true));
await f.send({ type: 'profile.open' });
await f.send({ type: 'profile.address.focus' });
await f.send({ type: 'profile.address.type', value: 'Via Roma, 1, Torino' });
await f.send({ type: 'profile.address.blur' });
const profileNumber = () =>
  JSON.stringify(f.snap().children.profileDialog?.getSnapshot().context.location?.components.streetNumber);
line('(e) profile before', `streetNumber=${profileNumber()}`);
await f.send({ type: 'profile.address.streetNumber', value: '2' });
await f.send({
  type: 'profile.submit',
  form: { firstName: 'Anna', lastName: 'Rossi', phoneNumber: '3331234567', email: 'anna@example.it' },
});
const profileErrors = f.snap().children.profileDialog?.getSnapshot().context.errors ?? {};
line('(e) profile typed "2"', `streetNumber=${profileNumber()} SALVA errors=${JSON.stringify(profileErrors)}`);
results.push(Object.keys(profileErrors).length > 0);

verdict(
  'typing "2" gives the address its number (field hides, AVANTI accepted or the number checked)',
  results.some(Boolean),
);
