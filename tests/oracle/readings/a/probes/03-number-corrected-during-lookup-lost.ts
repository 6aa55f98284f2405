/**
 * SPEC §4: "A street number comes from the suggestion or is typed separately; a second lookup tries to
 * confirm it." The field stays on screen while the lookup runs (the draft's address still has no
 * number); a correction typed then (a slow reply) must be the number the address ends with.
 */
import {
  type Location,
  withStreetNumber,
  SUG_VIA_ROMA,
  deferred,
  draftAddress,
  header,
  line,
  onLocationStep,
  pickerOf,
  stateOf,
  typeAddress,
  verdict,
} from '../harness';

header(
  '03 a house number corrected while the lookup runs is lost',
  '§4 "A street number comes from the suggestion or is typed separately; a second lookup tries to confirm it."',
  'location step, street picked without number; she types "2", the lookup is slow; she corrects it to "24" before it answers',
);

const lookups: { streetNumber: string; reply: ReturnType<typeof deferred<Location>> }[] = [];
const h = await onLocationStep({
  handlers: {
    lookupStreetNumber: ({ streetNumber }) => {
      const reply = deferred<Location>();
      lookups.push({ streetNumber, reply });
      return reply.promise;
    },
  },
});
await h.send({ type: 'address.focus' });
await typeAddress(h, 'Via Roma');
await h.send({ type: 'address.select', suggestion: SUG_VIA_ROMA });
await h.send({ type: 'address.streetNumber', value: '2' });
line('after "2"', `picker=${pickerOf(h).state} wizard=${stateOf(h.snap())}`);
await h.send({ type: 'address.streetNumber', value: '24' });
line('after "24"', `picker=${pickerOf(h).state} lookups asked=${JSON.stringify(lookups.map((l) => l.streetNumber))}`);
for (const lookup of lookups) {
  const base = h.snap().context.draft.location!;
  lookup.reply.resolve(withStreetNumber(base, lookup.streetNumber));
}
await h.settle();
line('lookup answered', `picker=${pickerOf(h).state} draft=${draftAddress(h)}`);

const number = h.snap().context.draft.location?.components.streetNumber;
verdict('the address ends with the number she typed last: "24"', number !== '24');
