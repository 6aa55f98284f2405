/**
 * SPEC §4 'While typing a loading state shows until suggestions return, then results…', 'Enter with
 * no selected address picks the first suggestion; the picker can auto-select the first suggestion on
 * close if the option is on.' The suggestions of an earlier text are kept while a new text is
 * searched: leaving the field before the new answer picks (auto-select) or offers (Enter) an address
 * for the earlier text.
 */
import { Probe, ROMA_2, STREET, SUGGEST_GARIBALDI_5, SUGGEST_STREET, type Handler } from '../harness';

const searchAddresses: Handler = (input) =>
  (input as { query: string }).query.includes('Garibaldi') ? 'pending' : { ok: [SUGGEST_STREET] };
const GARIBALDI_5 = {
  ...ROMA_2,
  address: 'Via Garibaldi, 5, Torino',
  googlePlaceId: SUGGEST_GARIBALDI_5.placeId,
  components: { ...ROMA_2.components, route: 'Via Garibaldi', streetNumber: '5' },
};
const resolveAddress: Handler = (input) => {
  const { placeId } = (input as { suggestion: { placeId: string } }).suggestion;
  return {
    ok: placeId === SUGGEST_STREET.placeId ? STREET : placeId === GARIBALDI_5.googlePlaceId ? GARIBALDI_5 : ROMA_2,
  };
};
const results: boolean[] = [];

// (a) Auto-select on: she leaves the field while 'Via Garibaldi 5' is still being searched (slow reply).
{
  const p = new Probe('05a auto-select on, field left during a slow search', {
    input: { autoSelectAddress: true },
    handlers: { searchAddresses, resolveAddress },
  });
  await p.open('/booking/location');
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma' }, 'types');
  await p.advance(500);
  await p.send({ type: 'address.type', value: 'Via Garibaldi 5' }, 'changes her mind, types');
  await p.advance(500);
  p.show('searching', {
    picker: p.child('addressPicker'),
    kept: p.pickerContext()?.suggestions.map((s) => s.description),
  });
  await p.send({ type: 'address.blur' }, 'tabs to the next field');
  p.show('after', {
    picker: p.child('addressPicker'),
    field: p.pickerContext()?.query,
    draft: p.draft.location?.address,
  });
  results.push(
    p.caseVerdict(
      "no suggestion for 'Via Garibaldi 5' has come: nothing (or a Via Garibaldi address) is picked",
      `'${p.draft.location?.address ?? ''}' (a suggestion for 'Via Roma') is picked and the field rewritten`,
      p.draft.location?.address === STREET.address,
    ),
  );
}

// (b) Option off: she tabs away within the debounce, comes back and presses Enter.
{
  const p = new Probe('05b field left during the debounce, back, Enter', {
    // The geocoder answers each text with its own street (as the real ones do).
    handlers: {
      searchAddresses: (input) => ({
        ok: [(input as { query: string }).query.includes('Garibaldi') ? SUGGEST_GARIBALDI_5 : SUGGEST_STREET],
      }),
      resolveAddress,
    },
  });
  await p.open('/booking/location');
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma' }, 'types');
  await p.advance(500);
  await p.send({ type: 'address.type', value: 'Via Garibaldi 5' }, 'types');
  await p.advance(200);
  await p.send({ type: 'address.blur' }, 'tabs away');
  await p.send({ type: 'address.focus' }, 'tabs back');
  p.show('list shown', {
    picker: p.child('addressPicker'),
    field: p.pickerContext()?.query,
    list: p.pickerContext()?.suggestions.map((s) => s.description),
    searches: p.world.callCount('searchAddresses'),
  });
  await p.send({ type: 'address.enter' }, 'Enter');
  p.show('after', { draft: p.draft.location?.address, field: p.pickerContext()?.query });
  results.push(
    p.caseVerdict(
      "the list and Enter's first suggestion are for the text in the field ('Via Garibaldi 5')",
      `list of 'Via Roma' shown under 'Via Garibaldi 5'; Enter picks '${p.draft.location?.address ?? ''}'`,
      p.draft.location?.address === STREET.address,
    ),
  );
}

console.log(`DIVERGES: ${results.some(Boolean) ? 'yes' : 'no'}`);
