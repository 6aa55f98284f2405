/**
 * Replays one generated path in the browser: each event through its browser action, the model
 * stepped alongside, then what the person sees asserted against the oracle's view of the state
 * reached (e2e/paths/states.ts). The API's answers are held until the path settles them and the
 * page's clock is held while the model waits for a timer (e2e/paths/world.ts).
 */
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../contract/constants';
import { PATH_INPUTS, type GeneratedPath } from '../../machines/paths';
import { initialSystem, step, type SystemEvent } from '../../machines/testing/system';
import { API_URL, DEMO } from '../support/app';
import { BookingPage } from './booking-page';
import { perform, unsupportedEvent } from './events';
import { assertState, unsupportedState } from './states';
import { World } from './world';

/** Why a path cannot be replayed: an event without a browser action or a state without assertions. */
export function unreplayable(path: GeneratedPath): string | null {
  let sys = initialSystem(PATH_INPUTS[path.input]);
  for (const [index, { event }] of path.steps.entries()) {
    const reason = unsupportedEvent(event, sys);
    if (reason) return `step ${index + 1}: ${reason}`;
    sys = step(sys, event);
    const stateReason = unsupportedState(sys);
    if (stateReason) return `step ${index + 1}: ${stateReason}`;
  }
  return null;
}

const describe = (event: SystemEvent) =>
  event.type === 'effect.settle'
    ? `${event.type} ${event.src} → ${event.outcome}`
    : event.type === 'timer.elapse'
      ? `${event.type} ${event.delay}`
      : event.type;

/** A real session of the demo customer (the stored credential of a returning customer). */
async function demoSession(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.post(`${API_URL}/login`, {
    data: { email: DEMO.email, password: DEMO.password },
  });
  if (!response.ok()) throw new Error(`demo login failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

export async function replayPath(page: Page, path: GeneratedPath, runId: string): Promise<void> {
  const reason = unreplayable(path);
  if (reason) throw new Error(`not replayable in the browser: ${reason}`);
  const world = new World(page);
  await world.start();
  const booking = new BookingPage(page, world);
  const usesSession =
    path.input === 'customer' ||
    path.steps.some(
      ({ event }) =>
        event.type === 'effect.settle' &&
        ['loginWithToken', 'completeSignup'].includes(event.src) &&
        event.outcome === 'ok',
    );
  if (usesSession) world.session = await demoSession(page);
  if (path.input === 'customer') {
    const token = (world.session as { result: { data: { token: string } } }).result.data.token;
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      STORAGE_KEYS.credential,
      token,
    ] as const);
  }
  const events = path.steps.map(({ event }) => event);
  let sys = initialSystem(PATH_INPUTS[path.input]);
  try {
    for (const [index, { event, state }] of path.steps.entries()) {
      const after = step(sys, event);
      const context = {
        page,
        booking,
        world,
        before: sys,
        after,
        rest: events.slice(index + 1),
        input: path.input,
        email: `paths-${runId}@musa.example`,
        first: index === 0,
      };
      try {
        world.stepError = null;
        world.expected = new Set([...sys.effects, ...after.effects].map((effect) => effect.src));
        // A call the model starts anew (RIPROVA, another day…) is the real API's again.
        for (const effect of after.effects)
          if (!sys.effects.some((e) => e.id === effect.id && e.src === effect.src)) world.failing.delete(effect.src);
        // The model waits for a timer: the page's clock waits too, until `timer.elapse`.
        if (after.timers.length > 0) await world.hold();
        await perform(context, event);
        if (after.timers.length === 0) await world.flow();
        // A call the model gave up (the step left its screen) is answered as the API answers it.
        for (const effect of sys.effects)
          if (
            !after.effects.some((e) => e.id === effect.id && e.src === effect.src) &&
            !(event.type === 'effect.settle' && event.src === effect.src)
          )
            await world.drop(effect.src);
        await assertState({ page, booking, world, before: sys, sys: after });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`step ${index + 1}/${path.steps.length} (${describe(event)} → ${state}): ${message}`, {
          cause: error,
        });
      }
      sys = after;
    }
  } finally {
    await world.release();
  }
}
