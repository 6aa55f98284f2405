/**
 * Replays one generated path in the browser: each event through its browser action, the model
 * stepped alongside, then what the person sees asserted against the oracle's view of the state
 * reached (e2e/paths/states.ts). The API's answers are held until the path settles them and the
 * page's clock is held while the model waits for a timer (e2e/paths/world.ts).
 */
import type { Page } from '@playwright/test';
import { STALE_TIMES, STORAGE_KEYS } from '../../contract/constants';
import { PATH_INPUTS, type GeneratedPath } from '../../machines/paths';
import { OUTCOMES } from '../../machines/testing/fixtures';
import { isHoldTimer } from '../../machines/testing/model';
import { observeSystem } from '../../tests/oracle/observe';
import { initialSystem, step, type SystemEvent, type SystemSnapshot } from '../../machines/testing/system';
import { API_URL, DEMO, PRO_MARTINA, TEAM } from '../support/app';
import { expectNoSeriousViolations } from '../support/axe';
import { onProSide } from './select';
import { BookingPage } from './booking-page';
import { closeToasts, perform, unsupportedEvent } from './events';
import { linkNeeds, needsLinks, prepareLinks } from './links';
import { assertState, startJudging, unsupportedState } from './states';
import { World, type GeoSource } from './world';

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

/** Whether the step starts a call of `src` the model was not already waiting for. */
const startsAnew = (before: SystemSnapshot, after: SystemSnapshot, src: string) =>
  after.effects.some(
    (effect) => effect.src === src && !before.effects.some((e) => e.id === effect.id && e.src === src),
  );

const describe = (event: SystemEvent) =>
  event.type === 'effect.settle'
    ? `${event.type} ${event.src} → ${event.outcome}`
    : event.type === 'timer.elapse'
      ? `${event.type} ${event.delay}`
      : event.type;

/** A real session of `who` (the demo customer by default: the stored credential of a returning customer). */
async function sessionOf(
  page: Page,
  who: { email: string; password: string } = DEMO,
): Promise<Record<string, unknown>> {
  const response = await page.request.post(`${API_URL}/login`, {
    data: { email: who.email, password: who.password },
  });
  if (!response.ok()) throw new Error(`login of ${who.email} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Issue 27: whose credential the page keeps, by the path's first profile read: a professional's
 * (Martina, the model's PRO_USER) or the team's; a customer's otherwise (a profile that fails is
 * forced: any credential does).
 */
function storedUser(path: GeneratedPath): { email: string; password: string } | null {
  const profile = path.steps.find(({ event }) => event.type === 'effect.settle' && event.src === 'loadProfile');
  const outcome = profile?.event.type === 'effect.settle' ? profile.event.outcome : null;
  if (outcome === 'professional') return PRO_MARTINA;
  if (outcome === 'team') return TEAM;
  return null;
}

const dialogOpen = (sys: SystemSnapshot) => Object.values(observeSystem(sys).dialogs).some(Boolean);

const GEO = ['searchAddresses', 'resolveAddress', 'lookupStreetNumber'];

/**
 * The effects settled right after the current step, before the person's next action; while a
 * geocoder call is in flight (never held: it answers at once in the page), also the ones settled
 * after the person's next action, which the page chains to it (AVANTI while the house number is
 * looked up: the serviceability check must wait as the model does).
 */
function settledNext(rest: SystemEvent[], geoInFlight: boolean): string[] {
  const srcs: string[] = [];
  let actions = geoInFlight ? 2 : 1;
  for (const event of rest) {
    if (event.type === 'effect.settle') srcs.push(event.src);
    else if (event.type !== 'timer.elapse' && --actions === 0) break;
  }
  return srcs;
}

/**
 * The calls the page starts on its own as the geocoder's answers come in, before the person's next
 * action: a geocoder call is never held (it answers at once in the page), so a call chained to it
 * (the serviceability check after a house number's lookup) may start before the model's step that
 * settles the lookup, and must be held already, even where the path ends on that settle.
 */
function chainedCalls(after: SystemSnapshot, rest: SystemEvent[]): string[] {
  const srcs: string[] = [];
  let sys = after;
  for (const event of rest) {
    if (event.type !== 'effect.settle' || !GEO.includes(event.src)) break;
    sys = step(sys, event);
    srcs.push(...sys.effects.map((effect) => effect.src));
  }
  return srcs;
}

/** The outcome of a call; undefined when it cannot be told before the call starts (it reads its input). */
const outcomeOf = (src: string, input: unknown, outcome: string) => {
  try {
    return OUTCOMES[src]?.(input)[outcome];
  } catch {
    return undefined;
  }
};

/**
 * The calls whose next settlement in the path is a forced failure, with its message: the page's
 * prefetch of that call (not held) fails alike, so the app has no cached answer the model lacks.
 */
function failuresAhead(rest: SystemEvent[], sys: SystemSnapshot): Map<string, string> {
  const seen = new Set<string>();
  const failures = new Map<string, string>();
  for (const event of rest) {
    if (event.type !== 'effect.settle' || seen.has(event.src)) continue;
    seen.add(event.src);
    // Only the API's calls: the geocoder's are failed one by one (World.forceGeo).
    if (GEO.includes(event.src)) continue;
    const input = sys.effects.find((effect) => effect.src === event.src)?.input ?? {};
    const outcome = outcomeOf(event.src, input, event.outcome);
    if (outcome && 'error' in outcome) failures.set(event.src, outcome.error);
  }
  return failures;
}

/**
 * Replays `path` in `page`, whose clock starts on `today` (YYYY-MM-DD, the path's own Thursday:
 * e2e/flows.paths.e2e.ts), as the customer of `runId`.
 */
export async function replayPath(page: Page, path: GeneratedPath, runId: string, today: string): Promise<void> {
  const reason = unreplayable(path);
  if (reason) throw new Error(`not replayable in the browser: ${reason}`);
  if (process.env.E2E_PATHS_DEBUG) {
    page.on('request', (request) => console.log(`> ${request.method()} ${request.url()}`));
    page.on('response', (response) => console.log(`< ${response.status()} ${response.url()}`));
  }
  startJudging();
  const world = new World(page);
  await world.start();
  const booking = new BookingPage(page, world);
  const email = `paths-${runId}@musa.example`;
  // Issue 16: the real appointments and waitlist offer the path's fixture ids stand for.
  const needs = linkNeeds(path);
  if (needsLinks(needs)) {
    world.links = await prepareLinks(needs, email, today);
    for (const [key, obtain] of world.links.overrides) world.overrides.set(key, obtain);
  }
  const stored = path.input === 'customer' || path.input === 'professional';
  const usesSession =
    stored ||
    path.steps.some(
      ({ event }) =>
        event.type === 'effect.settle' &&
        ['loginWithToken', 'completeSignup'].includes(event.src) &&
        event.outcome === 'ok',
    );
  // A path that opens her appointments signs in as their customer; the others as the demo customer.
  const who = storedUser(path);
  if (usesSession) world.session = who ? await sessionOf(page, who) : (world.links?.session ?? (await sessionOf(page)));
  if (stored) {
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
        email,
        first: index === 0,
      };
      try {
        world.stepError = null;
        // The calls the model waits for now, and the ones it settles next with no action of the person
        // between (the page chains them: the geocoder's answer, then the serviceability check).
        world.expected = new Set([
          ...[...sys.effects, ...after.effects].map((effect) => effect.src),
          ...settledNext(
            events.slice(index + 1),
            after.effects.some((effect) => GEO.includes(effect.src)),
          ),
          ...chainedCalls(after, events.slice(index + 1)),
        ]);
        world.nextFailures = failuresAhead(events.slice(index + 1), after);
        // A geocoder call the person acts during (its answer comes after her next action, or never:
        // the model gives it up) is held.
        const settledAtOnce = settledNext(events.slice(index + 1), false);
        const started = after.effects.filter(
          (effect) => !sys.effects.some((e) => e.id === effect.id && e.src === effect.src),
        );
        for (const effect of started) {
          if (GEO.includes(effect.src)) {
            world.noteGeoStarted(effect.src as GeoSource);
            if (!settledAtOnce.includes(effect.src)) world.heldGeo.add(effect.src as GeoSource);
          }
          // A call the model starts anew (RIPROVA, another day…) is the real API's again.
          world.failing.delete(effect.src);
        }
        if (event.type === 'session.logout' || event.type === 'profile.open') await closeToasts(page);
        // SPEC §7 keeps a service list fresh for STALE_TIMES.services: asked again within that time, the
        // app shows the list it holds without a call, where the model (which knows no cache) asks the API
        // anew. A person coming back to the step takes longer than that: the page's clock moves on first.
        if (startsAnew(sys, after, 'loadServices')) await page.clock.fastForward(STALE_TIMES.services);
        // Alike the profile: fetched and cached at the sign-in (SPEC §3), kept fresh STALE_TIMES.user; /
        // within that time shows it without a call (issue 43: the profile read again on /).
        else if (startsAnew(sys, after, 'loadProfile') && sys.root.matches({ session: 'signedIn' }))
          await page.clock.fastForward(STALE_TIMES.user);
        // The model waits for a timer: the page's clock waits too, until `timer.elapse`. A dialog
        // that the event closes leaves first, its clock running (its exit waits for animation frames,
        // which a held clock stops), then the clock is held: the model's timers are longer than that.
        const closesDialog = dialogOpen(sys) && !dialogOpen(after);
        // The hold's minutes (issue 28) are not waited for: the clock flows while only they run.
        const waits = after.timers.some((timer) => !isHoldTimer(timer));
        if (waits && !closesDialog) await world.hold();
        const performing = Date.now();
        await perform(context, event);
        const performed = Date.now() - performing;
        await world.noteHoldTimers(sys.timers.filter(isHoldTimer), after.timers.filter(isHoldTimer));
        if (closesDialog) {
          await page
            .locator('[data-scope="dialog"][data-part="backdrop"]')
            .first()
            .waitFor({ state: 'detached', timeout: 3_000 })
            .catch(() => undefined);
          if (waits) await world.hold();
        }
        if (!waits) await world.flow();
        // Issue 27: the page loads anew at the professionals' side; the new page's calls are the real
        // API's (the model follows it no further).
        if (observeSystem(after).leaving) {
          world.expected = new Set();
          await world.release();
        }
        // A call the model gave up (the step left its screen) is answered as the API answers it.
        for (const effect of sys.effects)
          if (
            !after.effects.some((e) => e.id === effect.id && e.src === effect.src) &&
            !(event.type === 'effect.settle' && event.src === effect.src)
          )
            await world.drop(effect.src, effect.actor);
        const asserting = Date.now();
        await assertState({ page, booking, world, before: sys, sys: after });
        // E2E_PATHS_TIMING=1: where a replay's time goes, step by step (the browser action, the assertions).
        if (process.env.E2E_PATHS_TIMING)
          console.log(
            `step ${index + 1} ${describe(event)}: action ${performed} ms, assertions ${Date.now() - asserting} ms`,
          );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`step ${index + 1}/${path.steps.length} (${describe(event)} → ${state}): ${message}`, {
          cause: error,
        });
      }
      sys = after;
    }
    // Issue 27: the professionals' screens are axe clean where each path leaves them.
    if (onProSide(path)) {
      await world.flow();
      await expectNoSeriousViolations(page);
    }
  } finally {
    await world.release();
  }
}
