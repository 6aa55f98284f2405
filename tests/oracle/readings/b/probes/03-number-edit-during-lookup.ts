/**
 * SPEC §4 'A street number comes from the suggestion or is typed separately; a second lookup tries to
 * confirm it.' / 'House-number field shows when the address has no street number.' While the lookup
 * of the first number runs, the draft still has no number (the field shows) but whatever she types
 * there is dropped: the booking goes on with the number the lookup was started with.
 */
import { withStreetNumber } from '../../../../../contract/location';
import { numberOf, Probe, ROMA_2, STREET, SUGGEST_STREET } from '../harness';

const p = new Probe('03 house number corrected while its lookup runs', {
  handlers: {
    searchAddresses: () => ({ ok: [SUGGEST_STREET] }),
    resolveAddress: () => ({ ok: STREET }),
    // The geocoder's reply is slow: the probe answers it by hand.
    lookupStreetNumber: () => 'pending',
  },
});
await p.open('/booking/location');
await p.send({ type: 'address.focus' });
await p.send({ type: 'address.type', value: 'Via Roma' });
await p.advance(500);
await p.send({ type: 'address.select', suggestion: SUGGEST_STREET });
await p.send({ type: 'address.streetNumber', value: '2' }, 'types 2');
p.show('lookup running', { picker: p.child('addressPicker'), draftNumber: numberOf(p.draft) });
await p.send({ type: 'address.streetNumber', value: '24' }, 'types 4 (the field reads 24)');
p.show('after', { picker: p.child('addressPicker'), lookups: p.world.callCount('lookupStreetNumber') });
await p.send({ type: 'step.next' }, 'AVANTI');
const lookedUp = (p.world.pending[0]?.input as { streetNumber: string } | undefined)?.streetNumber;
// Both requests are on the wire: the first (for '2') answers first, then the one for '24'.
await p.settle('lookupStreetNumber', { ok: ROMA_2 }, `(for '${lookedUp ?? '?'}')`);
p.show('after the stale answer', {
  picker: p.child('addressPicker'),
  wizard: p.wizard(),
  draftNumber: numberOf(p.draft),
});
const second = (p.world.pending[0]?.input as { streetNumber: string } | undefined)?.streetNumber;
if (second !== undefined)
  await p.settle('lookupStreetNumber', { ok: withStreetNumber(STREET, second) }, `(for '${second}')`);
p.show('result', { wizard: p.wizard(), url: p.url(), draftNumber: numberOf(p.draft) });
p.verdict(
  'the number she typed, 24, is the one looked up and kept',
  `24 dropped; the booking moves on to ${p.url() ?? '?'} with number '${numberOf(p.draft)}'`,
  numberOf(p.draft) !== '24',
);
