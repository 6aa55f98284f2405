import type { AppInput } from '../../machines/app/context';

/**
 * What the first URL's query adds to the app's start (docs/decisions.md): `?experimentID=14&variantID=2`
 * puts the visitor in an A/B test variant (SPEC §3 draft abTest; Experiment 14 variant 2 hides
 * instant booking, SPEC §4), `?autoSelectAddress=1` makes the address picker pick the first
 * suggestion when the field is left (SPEC §4 option).
 */
export function inputFromSearch(search: string): Pick<AppInput, 'abTest' | 'autoSelectAddress'> {
  const query = new URLSearchParams(search);
  const experimentID = query.get('experimentID');
  const variantID = query.get('variantID');
  return {
    ...(experimentID && variantID ? { abTest: { experimentID, variantID } } : {}),
    ...(query.get('autoSelectAddress') === '1' ? { autoSelectAddress: true } : {}),
  };
}
