/**
 * SPEC §4 'If a complete address is edited into an incomplete one, or changed, on blur the street
 * number is cleared.' The machine compares the field's text with the address the lookup answered,
 * which is written differently (a typed number rewrites it; Google formats it its own way): focusing
 * the field and leaving it without touching it clears her house number.
 */
import {
  locationRefusal,
  numberOf,
  Probe,
  ROMA_2,
  ROMA_2_GOOGLE,
  STREET,
  SUGGEST_ROMA_2_GOOGLE,
  SUGGEST_STREET,
} from '../harness';

const results: boolean[] = [];

// (a) The embedded gazetteer: a street picked, the number typed in the house-number field.
{
  const p = new Probe('02a typed house number, then focus and leave the address field', {
    handlers: {
      searchAddresses: () => ({ ok: [SUGGEST_STREET] }),
      resolveAddress: () => ({ ok: STREET }),
      lookupStreetNumber: () => ({ ok: ROMA_2 }),
    },
  });
  await p.open('/booking/location');
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma' });
  await p.advance(500);
  await p.send({ type: 'address.select', suggestion: SUGGEST_STREET });
  await p.send({ type: 'address.streetNumber', value: '2' }, 'types 2 in the house-number field');
  p.show('address confirmed', {
    number: numberOf(p.draft),
    fieldText: p.pickerContext()?.query,
    draftAddress: p.draft.location?.address,
    refusal: locationRefusal(p.draft),
  });
  await p.send({ type: 'address.focus' }, 'clicks into the address field');
  await p.send({ type: 'address.blur' }, 'clicks away without typing');
  p.show('after', { number: numberOf(p.draft), refusal: locationRefusal(p.draft) });
  await p.send({ type: 'step.next' }, 'AVANTI');
  p.show('AVANTI', { wizard: p.wizard(), notice: p.snapshot.context.notice?.message });
  results.push(
    p.caseVerdict(
      'nothing edited: the number 2 stays, AVANTI goes to /booking/participants',
      `number cleared; AVANTI refused '${p.snapshot.context.notice?.message ?? ''}'`,
      numberOf(p.draft) === '',
    ),
  );
}

// (b) Google: autocomplete's description and place details' formatted_address differ.
{
  const p = new Probe('02b Google-formatted address, focus and leave the field', {
    handlers: {
      searchAddresses: () => ({ ok: [SUGGEST_ROMA_2_GOOGLE] }),
      resolveAddress: () => ({ ok: ROMA_2_GOOGLE }),
    },
  });
  await p.open('/booking/location');
  await p.send({ type: 'address.focus' });
  await p.send({ type: 'address.type', value: 'Via Roma 2' });
  await p.advance(500);
  await p.send({ type: 'address.select', suggestion: SUGGEST_ROMA_2_GOOGLE }, 'clicks the suggestion');
  p.show('address confirmed', {
    number: numberOf(p.draft),
    fieldText: p.pickerContext()?.query,
    draftAddress: p.draft.location?.address,
  });
  await p.send({ type: 'address.focus' }, 'clicks into the address field');
  await p.send({ type: 'address.blur' }, 'clicks away without typing');
  p.show('after', { number: numberOf(p.draft), refusal: locationRefusal(p.draft) });
  results.push(
    p.caseVerdict(
      'nothing edited: the number 2 stays',
      `number cleared: AVANTI would say '${locationRefusal(p.draft) ?? ''}'`,
      numberOf(p.draft) === '',
    ),
  );
}

// (c) The same picker in the profile dialog (personal area): its address loses its number the same way.
{
  const p = new Probe('02c profile dialog: typed house number, then focus and leave the address field', {
    input: { hasCredential: true },
    handlers: {
      searchAddresses: () => ({ ok: [SUGGEST_STREET] }),
      resolveAddress: () => ({ ok: STREET }),
      lookupStreetNumber: () => ({ ok: ROMA_2 }),
    },
  });
  const dialogNumber = () =>
    p.snapshot.children.profileDialog?.getSnapshot().context.location?.components.streetNumber ?? '';
  await p.open('/');
  await p.send({ type: 'profile.open' }, 'opens the profile dialog');
  await p.send({ type: 'profile.address.focus' });
  await p.send({ type: 'profile.address.type', value: 'Via Roma' });
  await p.advance(500);
  await p.send({ type: 'profile.address.select', suggestion: SUGGEST_STREET });
  await p.send({ type: 'profile.address.streetNumber', value: '2' }, 'types 2');
  p.show('address confirmed', { number: dialogNumber() });
  await p.send({ type: 'profile.address.focus' }, 'clicks into the address field');
  await p.send({ type: 'profile.address.blur' }, 'clicks away without typing');
  p.show('after', { number: dialogNumber(), dialog: p.child('profileDialog') });
  results.push(
    p.caseVerdict('nothing edited: the number 2 stays', `number now '${dialogNumber()}'`, dialogNumber() === ''),
  );
}

console.log(`DIVERGES: ${results.some(Boolean) ? 'yes' : 'no'}`);
