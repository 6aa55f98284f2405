/**
 * SPEC §4 'A street number comes from the suggestion or is typed separately; a second lookup tries to
 * confirm it.' The lookup only tries to confirm: when the geocoder cannot confirm the number it
 * answers with the street alone (Google's partial match of a number it does not know, the street's
 * own place). The machine takes that answer as the address: her typed number is gone, and the field
 * that shows again for it no longer takes a number.
 */
import { locationRefusal, numberOf, Probe, STREET, SUGGEST_STREET } from '../harness';

const p = new Probe('06 the house-number lookup answers the street without a number', {
  handlers: {
    searchAddresses: () => ({ ok: [SUGGEST_STREET] }),
    resolveAddress: () => ({ ok: STREET }),
    // Number 180 is not in the geocoder's data: it answers the street (no street_number).
    lookupStreetNumber: () => ({ ok: STREET }),
  },
});
await p.open('/booking/location');
await p.send({ type: 'address.focus' });
await p.send({ type: 'address.type', value: 'Via Roma' });
await p.advance(500);
await p.send({ type: 'address.select', suggestion: SUGGEST_STREET });
await p.send({ type: 'address.streetNumber', value: '180' }, 'types 180');
p.show('after the lookup', { picker: p.child('addressPicker'), draftNumber: numberOf(p.draft) });
await p.send({ type: 'step.next' }, 'AVANTI');
p.show('AVANTI', { wizard: p.wizard(), notice: p.snapshot.context.notice?.message });
await p.send({ type: 'address.streetNumber', value: '180' }, 'types 180 again');
p.show('again', { picker: p.child('addressPicker'), draftNumber: numberOf(p.draft) });
p.verdict(
  'the typed 180 stands when the lookup cannot confirm it (as the machine itself does when the lookup fails)',
  `180 dropped; AVANTI refused '${locationRefusal(p.draft) ?? ''}', and typing it again is ignored`,
  numberOf(p.draft) === '',
);
