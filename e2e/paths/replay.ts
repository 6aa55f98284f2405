/**
 * Replays one generated path in the browser: each event through its browser implementation, the
 * machine stepped alongside, then what the user sees asserted against the state reached.
 */
import type { Page } from '@playwright/test';
import { PATH_INPUTS, type GeneratedPath } from '../../machines/paths';
import { initialSystem, step, type SystemEvent } from '../../machines/testing/system';
import { BookingPage } from './booking-page';
import { eventImplementation, SUCCESS_OUTCOMES, unsupportedEvent } from './events';
import { assertState, unsupportedState } from './states';

/** Inputs the real app starts with by itself: a visitor, no experiment, no stored session. */
const REPLAYABLE_INPUTS = new Set(['visitor']);

/** Why a path cannot be replayed against the real app and server, or null when it can. */
export function unreplayable(path: GeneratedPath): string | null {
  const failing = path.steps.some(
    ({ event }) =>
      event.type === 'effect.settle' && !(SUCCESS_OUTCOMES[event.src] ?? [event.outcome]).includes(event.outcome),
  );
  if (failing) return 'needs a server failure';
  if (!REPLAYABLE_INPUTS.has(path.input)) return `needs the app started as '${path.input}'`;
  let sys = initialSystem(PATH_INPUTS[path.input]);
  for (const { event } of path.steps) {
    const reason = unsupportedEvent(event);
    if (reason) return reason;
    sys = step(sys, event);
    const stateReason = unsupportedState(sys);
    if (stateReason) return stateReason;
  }
  return null;
}

const describe = (event: SystemEvent) =>
  event.type === 'effect.settle' ? `${event.type} ${event.src} → ${event.outcome}` : event.type;

export async function replayPath(page: Page, path: GeneratedPath, runId: string): Promise<void> {
  const booking = new BookingPage(page);
  const input = PATH_INPUTS[path.input];
  let sys = initialSystem(input);
  for (const [index, { event, state }] of path.steps.entries()) {
    const after = step(sys, event);
    const context = {
      page,
      booking,
      before: sys,
      after,
      today: input.today,
      email: `paths-${runId}@musa.example`,
      first: index === 0,
    };
    try {
      await eventImplementation(event.type)(context, event);
      // A call the event just started (login, booking…) may already have answered in the real app,
      // which then shows the state after it: the step that settles the call asserts that one.
      const startedCall = after.effects.length > sys.effects.length && index < path.steps.length - 1;
      if (!startedCall) await assertState({ page, booking, sys: after });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`step ${index + 1}/${path.steps.length} (${describe(event)} → ${state}): ${message}`, {
        cause: error,
      });
    }
    sys = after;
  }
}
