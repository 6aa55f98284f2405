/**
 * SPEC §4: "If a complete address is edited into an incomplete one, or changed, on blur the street
 * number is cleared." Focusing the field and leaving it WITHOUT editing must keep the number.
 * Two worlds: (a) the number typed apart (the lookup writes it into the address text); (b) a Google
 * prediction whose description differs from the place's formatted_address.
 */
import {
  SUG_VIA_ROMA_2_GOOGLE,
  draftAddress,
  header,
  line,
  onLocationStep,
  pickStreetAndTypeNumber,
  pickerOf,
  stateOf,
  typeAddress,
  verdict,
} from '../harness';

header(
  '01 focus + leave without editing clears the house number',
  '§4 "If a complete address is edited into an incomplete one, or changed, on blur the street number is cleared."',
  'location step; (a) street picked without number, number typed; (b) Google prediction with number. Then click in the field and click out, nothing typed.',
);

// (a) number typed apart
const a = await onLocationStep();
await pickStreetAndTypeNumber(a, '2');
line('(a) after number typed', `${pickerOf(a).state} query="${pickerOf(a).query}" draft=${draftAddress(a)}`);
await a.send({ type: 'address.focus' });
await a.send({ type: 'address.blur' });
line('(a) after focus+blur', `${pickerOf(a).state} query="${pickerOf(a).query}" draft=${draftAddress(a)}`);
await a.send({ type: 'step.next' });
line('(a) AVANTI', `${stateOf(a.snap())} notice=${JSON.stringify(a.snap().context.notice?.message ?? null)}`);
const aCleared = a.snap().context.draft.location?.components.streetNumber === undefined;

// (b) Google: description vs formatted_address
const b = await onLocationStep();
await b.send({ type: 'address.focus' });
await typeAddress(b, 'Via Roma 2');
await b.send({ type: 'address.select', suggestion: SUG_VIA_ROMA_2_GOOGLE });
line('(b) after pick', `${pickerOf(b).state} query="${pickerOf(b).query}" draft=${draftAddress(b)}`);
await b.send({ type: 'address.focus' });
await b.send({ type: 'address.blur' });
line('(b) after focus+blur', `${pickerOf(b).state} query="${pickerOf(b).query}" draft=${draftAddress(b)}`);
await b.send({ type: 'step.next' });
line('(b) AVANTI', `${stateOf(b.snap())} notice=${JSON.stringify(b.snap().context.notice?.message ?? null)}`);
const bCleared = b.snap().context.draft.location?.components.streetNumber === undefined;

verdict('nothing edited: the house number stays, AVANTI goes to /booking/participants', aCleared || bCleared);
