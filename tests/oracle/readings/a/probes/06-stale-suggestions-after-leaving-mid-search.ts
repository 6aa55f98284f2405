/**
 * SPEC §4: "While typing a loading state shows until suggestions return, then results, an empty-results
 * message, or a prompt before typing." (and "opens on focus or click"). She types a new address and
 * leaves the field before its suggestions came (the 500 ms debounce or a slow reply); back in the
 * field, the list must be for the text she typed (loading, then its results). The picker drops the
 * search when the field is left and, on focus, shows the suggestions of the PREVIOUS text; Enter then
 * picks one of them.
 */
import {
  SUG_VIA_GARIBALDI_5,
  SUG_VIA_ROMA,
  draftAddress,
  header,
  line,
  onLocationStep,
  pickerOf,
  typeAddress,
  verdict,
} from '../harness';

header(
  "06 leaving the field mid-search: back in it, the previous text's suggestions show and Enter picks one",
  '§4 "While typing a loading state shows until suggestions return, then results, an empty-results message, or a prompt before typing."',
  'location step; "Via Roma" gives its suggestion; she types "Via Garibaldi 5" and tabs out at once; clicks back in the field; presses Enter',
);

const h = await onLocationStep();
await h.send({ type: 'address.focus' });
await typeAddress(h, 'Via Roma');
line('"Via Roma" typed', `${pickerOf(h).state}`);
await h.send({ type: 'address.type', value: 'Via Garibaldi 5' });
await h.advance(100);
await h.send({ type: 'address.blur' });
await h.advance(2000);
const searches = h.recorded.calls.filter((call) => call.name === 'searchAddresses').map((call) => call.input);
line('left mid-search', `${pickerOf(h).state} searches=${JSON.stringify(searches)}`);
await h.send({ type: 'address.focus' });
const picker = h.snap().children.addressPicker!.getSnapshot();
line(
  'back in the field',
  `${pickerOf(h).state} field="${picker.context.query}" list=${JSON.stringify(picker.context.suggestions.map((s) => s.description))}`,
);
await h.send({ type: 'address.enter' });
line('Enter', `${pickerOf(h).state} field="${pickerOf(h).query}" draft=${draftAddress(h)}`);

const stale =
  picker.matches({ open: 'results' }) &&
  picker.context.suggestions.some((s) => s.placeId === SUG_VIA_ROMA.placeId) &&
  !picker.context.suggestions.some((s) => s.placeId === SUG_VIA_GARIBALDI_5.placeId);
verdict(
  'back in the field the list is for "Via Garibaldi 5" (searched, loading then results); Enter picks Via Garibaldi 5',
  stale,
);
