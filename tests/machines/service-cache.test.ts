/**
 * The test model knows the app's service cache (SPEC §7: a list stays 2 s fresh; src/app/effects.ts
 * answers a list it holds at once and refreshes it behind): a list the path loaded before cannot
 * fail when the step asks for it again, so no generated path asks the browser for that failure.
 */
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../machines/app/events';
import { TODAY } from '../../machines/testing/fixtures';
import { SCENARIOS, type ScenarioStep } from '../../machines/testing/scenarios';
import { initialSystem, step, systemEvents, type SystemSnapshot } from '../../machines/testing/system';

const play = (steps: ScenarioStep[]): SystemSnapshot =>
  steps.reduce(
    (sys, s) => {
      if ('settle' in s || 'elapse' in s) {
        const event = systemEvents(sys).find((e) =>
          'settle' in s
            ? e.type === 'effect.settle' && e.src === s.settle && e.outcome === s.outcome
            : e.type === 'timer.elapse' && e.delay === s.elapse,
        );
        if (!event) throw new Error(`cannot play ${JSON.stringify(s)}`);
        return step(sys, event);
      }
      return step(sys, s);
    },
    initialSystem({ today: TODAY }),
  );

const servicesOutcomes = (sys: SystemSnapshot) =>
  systemEvents(sys).flatMap((e) => (e.type === 'effect.settle' && e.src === 'loadServices' ? [e.outcome] : []));

describe('the service list asked again', () => {
  const beauty = SCENARIOS.find((s) => s.name.startsWith('beauty: coupon refused'))!.steps;
  const loaded = beauty.findIndex((s) => 'settle' in s && s.settle === 'loadServices');
  const picked = beauty.findIndex((s) => 'type' in s && s.type === 'service.pickSecondary');

  it('may fail the first time the step asks for it', () => {
    expect(servicesOutcomes(play(beauty.slice(0, loaded)))).toEqual(['list', 'failed']);
  });

  it('is answered from the cache after a back-and-forth: it cannot fail', () => {
    const back: AppEvent[] = [{ type: 'step.next' }, { type: 'step.back' }];
    const sys = play([...beauty.slice(0, picked + 1), ...back]);
    expect(servicesOutcomes(sys)).toEqual(['list']);
  });

  it('is asked of the API again for another category: that one may fail', () => {
    const other: AppEvent[] = [
      { type: 'step.back' },
      { type: 'category.set', category: 'make-up' },
      { type: 'step.next' },
    ];
    const sys = play([...beauty.slice(0, loaded + 1), ...other]);
    expect(sys.root.matches({ wizard: { 'make-up-flow': { service: 'loading' } } })).toBe(true);
    expect(servicesOutcomes(sys)).toEqual(['list', 'failed']);
  });
});

/**
 * SPEC §9: the suggestions are kept 24 h in the tab's session storage (src/app/geocoder.ts
 * withSearchCache), so a text searched before gets the same answer at once, also after a page load;
 * another text is asked of the geocoder, and may fail.
 */
describe('the suggestions of a text searched before in the tab', () => {
  const searchOutcomes = (sys: SystemSnapshot) =>
    systemEvents(sys).flatMap((e) => (e.type === 'effect.settle' && e.src === 'searchAddresses' ? [e.outcome] : []));
  const search = (value: string, outcome?: string): ScenarioStep[] => [
    { type: 'address.type', value },
    { elapse: 'searchDebounce' },
    ...(outcome ? [{ settle: 'searchAddresses', outcome }] : []),
  ];
  // Emptying the field asks nothing (SPEC §4: it clears the location).
  const clear: ScenarioStep = { type: 'address.type', value: '' };
  const start: ScenarioStep[] = [{ type: 'route.changed', path: '/booking/location', search: '' }];

  it('may fail, or find nothing, the first time', () => {
    expect(searchOutcomes(play([...start, ...search('Via Roma')]))).toEqual(['results', 'none', 'failed']);
  });

  it('is answered as the first time: found, or not found, whatever the case and the spaces', () => {
    const found = play([...start, ...search('Via Roma', 'results'), clear, ...search(' via roma ')]);
    expect(searchOutcomes(found)).toEqual(['results']);
    const none = play([...start, ...search('Via Roma', 'none'), clear, ...search('Via Roma')]);
    expect(searchOutcomes(none)).toEqual(['none']);
  });

  it('is still answered so after a reload of the page', () => {
    const reloaded = play([...start, ...search('Via Roma', 'results'), { type: 'browser.reload' } as never]);
    expect(searchOutcomes(step(reloaded, { type: 'address.type', value: 'Via Roma' }))).toEqual([]);
    const typed = play([
      ...start,
      ...search('Via Roma', 'results'),
      { type: 'browser.reload' } as never,
      ...search('Via Roma'),
    ]);
    expect(searchOutcomes(typed)).toEqual(['results']);
  });

  it('a failed search is asked again, and another text may fail', () => {
    const failed = play([...start, ...search('Via Roma', 'failed'), clear, ...search('Via Roma')]);
    expect(searchOutcomes(failed)).toEqual(['results', 'none', 'failed']);
    const other = play([...start, ...search('Via Roma', 'results'), ...search('Via Roma 2')]);
    expect(searchOutcomes(other)).toEqual(['results', 'none', 'failed']);
  });
});
