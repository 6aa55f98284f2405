import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * How long the page may keep moving before axe is let judge it anyway (a page that never settles is
 * a failure of its own, said as such).
 */
const SETTLE_TIMEOUT_MS = 15_000;
/** How often the page is asked whether it still moves (a poll, not a wait for a guessed duration). */
const POLL_MS = 50;
/** How many analyses a page moving during them may cost before the helper says so. */
const ANALYSES = 5;
/**
 * How long judging may take, settling included, before the helper says what kept moving: a journey
 * has a time of its own, and one that runs out inside this helper's waits would say only 'Test timeout'.
 */
const JUDGING_BUDGET_MS = 45_000;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * The page's finite animations and transitions still to end (a spinner or a skeleton's pulse never
 * ends: left out), once its fonts are in. Asked from here, not awaited in the page: the page's
 * clock (Playwright's, which the tests install) may be held, and its timers and frames with it; the
 * Web Animations' own timeline runs on regardless.
 */
async function moving(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const named = (animation: Animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const where = target
        ? `${target.tagName.toLowerCase()}${target.className ? `.${String(target.className).split(' ')[0]}` : ''}`
        : '?';
      const what =
        (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty ?? animation.id;
      return `${where} ${what}`;
    };
    return document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' || animation.pending)
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map(named);
  });
}

/**
 * Until the page has stopped moving: no finite animation or transition running (a dialog fading in,
 * the slots' staggered fade, a floating label) in two looks in a row, a poll apart (a commit in
 * between may start the next one: the slots arriving after their loading state).
 */
async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let still = 0;
  while (still < 2) {
    const now = await moving(page);
    if (Date.now() > deadline)
      throw new Error(`axe: the page was still moving after ${SETTLE_TIMEOUT_MS} ms: ${now.join(', ')}`);
    still = now.length === 0 ? still + 1 : 0;
    if (still < 2) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Notes, from now on, whether anything starts moving in the page (an animation or transition that
 * ends): what axe reads while it moves is a frame, not the page.
 */
async function watchMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = window as unknown as { __axeMotion?: { moved: string[]; stop: () => void } };
    scope.__axeMotion?.stop();
    const state = { moved: [] as string[], stop: () => {} };
    const finite = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const name = event instanceof AnimationEvent ? event.animationName : null;
      const started = target
        .getAnimations()
        .filter((animation) => name === null || (animation as CSSAnimation).animationName === name);
      if (started.length === 0 || started.some((a) => a.effect?.getComputedTiming().endTime !== Infinity))
        state.moved.push(
          `${target.tagName.toLowerCase()} ${name ?? (event as TransitionEvent).propertyName ?? event.type}`,
        );
    };
    const events = ['animationstart', 'transitionrun'] as const;
    for (const type of events) document.addEventListener(type, finite, true);
    state.stop = () => {
      for (const type of events) document.removeEventListener(type, finite, true);
    };
    scope.__axeMotion = state;
  });
}

/** What moved since watchMotion, or still moves (nothing: an empty list); stops watching. */
async function movedMeanwhile(page: Page): Promise<string[]> {
  const moved = await page.evaluate(() => {
    const scope = window as unknown as { __axeMotion?: { moved: string[]; stop: () => void } };
    const state = scope.__axeMotion;
    state?.stop();
    delete scope.__axeMotion;
    return state?.moved ?? [];
  });
  return [...moved, ...(await moving(page))];
}

/**
 * axe on a settled page (issue 41): once its fonts are in and its finite animations and transitions
 * have ended (a dialog fading in, the slots' stagger: half-transparent text reads as low contrast),
 * and judged again if anything started moving while axe read it (the slots arriving meanwhile). No
 * fixed sleep: the page says when it is still. Then no serious or critical violation (each listed
 * with its nodes). `include`: only that part of the page.
 */
export async function expectNoSeriousViolations(page: Page, include?: string) {
  let results: AxeResults | null = null;
  const began = Date.now();
  for (let analysis = 1; results === null; analysis++) {
    await settle(page);
    await watchMotion(page);
    const builder = new AxeBuilder({ page });
    const judged = await (include ? builder.include(include) : builder).analyze();
    const moved = await movedMeanwhile(page);
    if (moved.length === 0) results = judged;
    else if (analysis === ANALYSES || Date.now() - began > JUDGING_BUDGET_MS)
      throw new Error(
        `axe: the page moved during each of ${analysis} analyses (${Date.now() - began} ms): ${[...new Set(moved)].join(', ')}`,
      );
  }
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
