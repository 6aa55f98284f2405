/**
 * SPEC §4 'House-number field shows when the address has no street number.' / 'A street number comes
 * from the suggestion or is typed separately': the machine takes a typed house number only in the
 * picker's needsStreetNumber state. Three ways the field shows while the picker is elsewhere.
 */
import {
  locationRefusal,
  numberOf,
  Probe,
  ROMA_2,
  STREET,
  SUGGEST_ROMA_2,
  SUGGEST_STREET,
  type Handler,
} from '../harness';

const handlers: Record<string, Handler> = {
  searchAddresses: (input) => ({
    ok: /\d/.test((input as { query: string }).query) ? [SUGGEST_ROMA_2] : [SUGGEST_STREET],
  }),
  resolveAddress: (input) => ({
    ok: (input as { suggestion: { placeId: string } }).suggestion.placeId === SUGGEST_STREET.placeId ? STREET : ROMA_2,
  }),
  lookupStreetNumber: () => ({ ok: ROMA_2 }),
};

const results: boolean[] = [];

// (a) A complete address edited (number deleted) and the field left: SPEC clears the number, the field shows.
{
  const p = new Probe('01a edited address, then the house number typed', { handlers });
  await p.open('/booking/location');
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma 2' });
  await p.advance(500);
  await p.send({ type: 'address.select', suggestion: SUGGEST_ROMA_2 }, 'click suggestion');
  p.show('picked', { number: numberOf(p.draft), picker: p.child('addressPicker') });
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma, Torino' }, 'deletes the number');
  await p.advance(500);
  await p.send({ type: 'address.blur' }, 'leaves the field');
  p.show('house-number field shows (draft has no number)', {
    number: numberOf(p.draft),
    picker: p.child('addressPicker'),
  });
  await p.send({ type: 'address.streetNumber', value: '4' }, 'types 4 in the house-number field');
  p.show('after typing', { number: numberOf(p.draft), picker: p.child('addressPicker'), calls: p.world.calls.length });
  await p.send({ type: 'step.next' }, 'AVANTI');
  p.show('result', { wizard: p.wizard(), notice: p.snapshot.context.notice?.message });
  const diverges = numberOf(p.draft) !== '4' && p.wizard().startsWith('location');
  results.push(
    p.caseVerdict(
      'the typed 4 becomes the street number (confirmed by a lookup); AVANTI goes to /booking/participants',
      `typing is ignored (picker '${p.child('addressPicker')}'); AVANTI refused: '${locationRefusal(p.draft)}'`,
      diverges,
    ),
  );
}

// (b) A reload on the location step after picking a street without a number.
{
  const p = new Probe('01b reload with a street lacking its number', {
    handlers,
    input: { draft: { location: STREET } },
  });
  await p.open('/booking/location');
  p.show('after reload', { number: numberOf(p.draft), picker: p.child('addressPicker') });
  await p.send({ type: 'address.streetNumber', value: '2' }, 'types 2 in the house-number field');
  p.show('after typing', { number: numberOf(p.draft), lookups: p.world.callCount('lookupStreetNumber') });
  const diverges = numberOf(p.draft) !== '2';
  results.push(
    p.caseVerdict(
      'the typed 2 is taken (and looked up)',
      `ignored; draft number '${numberOf(p.draft)}', refusal '${locationRefusal(p.draft)}'`,
      diverges,
    ),
  );
}

// (c) The out-of-zone dialog closed with its close button after a typed number.
{
  const p = new Probe('01c out-of-zone dialog closed, another number typed', {
    handlers: { ...handlers, checkLocation: () => ({ ok: { canBeServed: false } }) },
  });
  await p.open('/booking/location');
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma' });
  await p.advance(500);
  await p.send({ type: 'address.select', suggestion: SUGGEST_STREET });
  await p.send({ type: 'address.streetNumber', value: '2' });
  p.show('out of zone', { wizard: p.wizard() });
  await p.send({ type: 'outOfZone.close' }, 'closes the dialog');
  p.show('house-number field shows', { number: numberOf(p.draft), picker: p.child('addressPicker') });
  await p.send({ type: 'address.streetNumber', value: '3' }, 'types 3');
  p.show('after typing', { number: numberOf(p.draft), lookups: p.world.callCount('lookupStreetNumber') });
  const diverges = p.world.callCount('lookupStreetNumber') === 1;
  results.push(
    p.caseVerdict(
      'the typed 3 is looked up and checked like the first number',
      `ignored (no lookup, picker '${p.child('addressPicker')}'); AVANTI would say '${locationRefusal(p.draft)}'`,
      diverges,
    ),
  );
}

console.log(`DIVERGES: ${results.some(Boolean) ? 'yes' : 'no'}`);
