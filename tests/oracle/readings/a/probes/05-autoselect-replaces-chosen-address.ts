/**
 * SPEC §4: "Enter with no selected address picks the first suggestion; the picker can auto-select the
 * first suggestion on close if the option is on." With the option on (AppInput.autoSelectAddress), an
 * address she already chose must not be swapped for the list's first one just because she clicked in
 * the field and left it. (b) prints the same swap by Enter with the option off (informative: SPEC's
 * "no selected address" may mean no highlighted option).
 */
import {
  SUG_VIA_GARIBALDI_5,
  SUG_VIA_ROMA_10,
  draftAddress,
  header,
  line,
  onLocationStep,
  pickerOf,
  typeAddress,
  verdict,
} from '../harness';

header(
  '05 auto-select on close swaps the address she chose for the first suggestion',
  '§4 "Enter with no selected address picks the first suggestion; the picker can auto-select the first suggestion on close if the option is on."',
  'option on; location step; "Via" gives [Via Roma 10, Via Garibaldi 5]; she picks the 2nd, then clicks in the field and out (nothing typed)',
);

const h = await onLocationStep({
  input: { autoSelectAddress: true },
  handlers: { searchAddresses: async () => [SUG_VIA_ROMA_10, SUG_VIA_GARIBALDI_5] },
});
await h.send({ type: 'address.focus' });
await typeAddress(h, 'Via');
await h.send({ type: 'address.select', suggestion: SUG_VIA_GARIBALDI_5 });
line('after picking the 2nd', `picker=${pickerOf(h).state} field="${pickerOf(h).query}" draft=${draftAddress(h)}`);
await h.send({ type: 'address.focus' });
await h.send({ type: 'address.blur' });
line('after focus + blur', `picker=${pickerOf(h).state} field="${pickerOf(h).query}" draft=${draftAddress(h)}`);

const swapped = h.snap().context.draft.location?.googlePlaceId !== 'place-via-garibaldi-5';

// (b) the option off: the same click back into the field, then Enter (no option highlighted).
const e = await onLocationStep({ handlers: { searchAddresses: async () => [SUG_VIA_ROMA_10, SUG_VIA_GARIBALDI_5] } });
await e.send({ type: 'address.focus' });
await typeAddress(e, 'Via');
await e.send({ type: 'address.select', suggestion: SUG_VIA_GARIBALDI_5 });
await e.send({ type: 'address.focus' });
await e.send({ type: 'address.enter' });
line('(b) option off, Enter', `picker=${pickerOf(e).state} field="${pickerOf(e).query}" draft=${draftAddress(e)}`);

verdict('an address is selected and nothing was typed: Via Garibaldi 5 stays', swapped);
