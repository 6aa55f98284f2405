/**
 * SPEC §4 'Address picker: closed/open; opens on focus or click'. After she picks a suggestion that
 * has no house number, focusing or clicking the address field again does not open the list (the
 * picker waits for the house number only), although the suggestions are still there.
 */
import { Probe, ROMA_2, STREET, SUGGEST_ROMA_2, SUGGEST_STREET } from '../harness';

const p = new Probe('04 focus the address field after picking a street without number', {
  handlers: {
    searchAddresses: () => ({ ok: [SUGGEST_STREET, SUGGEST_ROMA_2] }),
    resolveAddress: (input) => ({
      ok:
        (input as { suggestion: { placeId: string } }).suggestion.placeId === SUGGEST_STREET.placeId ? STREET : ROMA_2,
    }),
  },
});
await p.open('/booking/location');
await p.send({ type: 'address.focus' });
await p.send({ type: 'address.type', value: 'Via Roma' });
await p.advance(500);
p.show('list', { picker: p.child('addressPicker'), suggestions: p.pickerContext()?.suggestions.length });
await p.send({ type: 'address.select', suggestion: SUGGEST_STREET }, 'picks "Via Roma, Torino" by mistake');
await p.send({ type: 'address.blur' });
p.show('picked', { picker: p.child('addressPicker') });
await p.send({ type: 'address.focus' }, 'clicks into the address field to pick "Via Roma, 2, Torino"');
p.show('after the click', { picker: p.child('addressPicker'), suggestionsKept: p.pickerContext()?.suggestions.length });
await p.send({ type: 'address.select', suggestion: SUGGEST_ROMA_2 }, 'clicks where the list would be');
p.show('after', { picker: p.child('addressPicker'), draft: p.draft.location?.address });
const opened = (p.child('addressPicker') ?? '').startsWith('open');
p.verdict(
  'the list opens on focus/click (results, or the prompt) and she can pick another suggestion',
  `the picker stays '${p.child('addressPicker') ?? '?'}': no list until she types again`,
  !opened && p.draft.location?.address === STREET.address,
);
