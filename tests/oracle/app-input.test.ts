/** The start options a URL can set (docs/decisions.md), so the model's other starts happen in the app. */
import { describe, expect, it } from 'vitest';
import { PATH_INPUTS } from '../../machines/paths';
import { inputFromSearch } from '../../src/app/app-input';

describe('the first URL sets the start inputs the generated paths use', () => {
  it('?experimentID=14&variantID=2 is the experiment14 start', () => {
    const { abTest } = inputFromSearch('?experimentID=14&variantID=2&utm_source=ig');
    // SPEC §4: Experiment 14 variant 2.
    expect(abTest).toEqual({ experimentID: '14', variantID: '2' });
    expect(abTest).toEqual(PATH_INPUTS.experiment14.abTest);
  });

  it('?autoSelectAddress=1 is the autoSelect start', () => {
    expect(inputFromSearch('?autoSelectAddress=1').autoSelectAddress).toBe(PATH_INPUTS.autoSelect.autoSelectAddress);
  });

  it('no query leaves the visitor start as it is', () => {
    expect(inputFromSearch('')).toEqual({});
    expect(inputFromSearch('?experimentID=14')).toEqual({});
    expect(inputFromSearch('?autoSelectAddress=0')).toEqual({});
  });
});
