/**
 * SPEC §4: "Address picker: closed/open; opens on focus or click". After a pick whose address has no
 * house number (the picker waits for the number), clicking back into the address field must open it
 * (e.g. to choose another suggestion of the list still there). Compared with the same click after a
 * pick WITH a number, which does open it.
 */
import {
  SUG_VIA_ROMA,
  SUG_VIA_ROMA_10,
  header,
  line,
  onLocationStep,
  pickerOf,
  typeAddress,
  verdict,
} from '../harness';

header(
  '04 focus/click does not open the picker after a pick without house number',
  '§4 "Address picker: closed/open; opens on focus or click"',
  'location step; she picks "Via Roma, Torino" (no number: the house-number field shows), then clicks the address field again',
);

const control = await onLocationStep();
await control.send({ type: 'address.focus' });
await typeAddress(control, 'Via Roma 10');
await control.send({ type: 'address.select', suggestion: SUG_VIA_ROMA_10 });
await control.send({ type: 'address.blur' });
await control.send({ type: 'address.focus' });
line('control (with number)', `after focus: ${pickerOf(control).state}`);

const h = await onLocationStep();
await h.send({ type: 'address.focus' });
await typeAddress(h, 'Via Roma');
await h.send({ type: 'address.select', suggestion: SUG_VIA_ROMA });
line('after numberless pick', pickerOf(h).state);
await h.send({ type: 'address.blur' });
await h.send({ type: 'address.focus' });
const picker = h.snap().children.addressPicker!.getSnapshot();
line('after focus (click)', `${pickerOf(h).state} suggestions kept=${picker.context.suggestions.length}`);

verdict('the picker opens (state open.*, the suggestions shown)', !picker.matches('open'));
