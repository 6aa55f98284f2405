import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNSENT_EVENTS } from '../../machines/testing/model';
import { PATH_INPUTS } from '../../machines/paths';
import { generatedPaths } from './generated';
import { createHarness, describeActor } from './harness';

// One generation for the file: the paths are the test cases.
const generated = generatedPaths();

describe('generated paths', () => {
  it('cover every state node and every transition of every machine', () => {
    expect(generated.coverage.states.missing).toEqual([]);
    expect(generated.coverage.transitions.missing).toEqual([]);
    expect(generated.coverage.states.covered).toBe(generated.coverage.states.total);
    expect(generated.coverage.transitions.covered).toBe(generated.coverage.transitions.total);
  });

  it('have unique names', () => {
    const names = generated.paths.map((path) => path.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(['hair', 'beauty', 'make-up', 'salotto'])('include %s booked end to end', (flow) => {
    const booked = generated.paths.filter(
      (path) =>
        path.name.startsWith(`${flow}-`) &&
        path.steps.some((step) => step.state.includes(`${flow}-flow.checkout.completed`)),
    );
    expect(booked.length).toBeGreaterThan(0);
  });
});

describe('the machine, replayed along every generated path, is where the model says', () => {
  it.each(generated.paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const harness = createHarness(PATH_INPUTS[path.input]);
    for (const [index, step] of path.steps.entries()) {
      await harness.play(step);
      expect(describeActor(harness), `after step ${index + 1} (${step.event.type})`).toBe(step.state);
    }
    harness.actor.stop();
  });
});

describe('events no screen sends', () => {
  it('are exactly the ones the model leaves out (UNSENT_EVENTS)', () => {
    const source = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? source(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    const app = source('src')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const sent = (type: string) => app.includes(`'${type}'`);
    const unsentHere = UNSENT_EVENTS.filter((type) => sent(type));
    expect(unsentHere, 'listed as unsent but a screen sends them').toEqual([]);
    const handledUnsent = [...new Set(generated.coverage.unreachable.map((key) => key.split('|')[2]!))].sort();
    expect(handledUnsent).toEqual([...UNSENT_EVENTS].sort());
  });
});
