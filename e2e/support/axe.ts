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

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * The page's finite animations and transitions still to end (a spinner or a skeleton's pulse never
 * ends: left out), once its fonts are in. Asked from here, not awaited in the page: the page's
 * clock (Playwright's, which the tests install) may be held, and its timers and frames with it; the
 * Web Animations' own timeline runs on regardless.
 */
async function moving(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' || animation.pending)
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).length;
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
    if (Date.now() > deadline) throw new Error(`axe: the page was still moving after ${SETTLE_TIMEOUT_MS} ms`);
    still = (await moving(page)) === 0 ? still + 1 : 0;
    if (still < 2) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Notes, from now on, whether anything starts moving in the page (an animation or transition that
 * ends): what axe reads while it moves is a frame, not the page.
 */
async function watchMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = window as unknown as { __axeMotion?: { moved: boolean; stop: () => void } };
    scope.__axeMotion?.stop();
    const state = { moved: false, stop: () => {} };
    const finite = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const name = event instanceof AnimationEvent ? event.animationName : null;
      const started = target
        .getAnimations()
        .filter((animation) => name === null || (animation as CSSAnimation).animationName === name);
      if (started.length === 0 || started.some((a) => a.effect?.getComputedTiming().endTime !== Infinity))
        state.moved = true;
    };
    const events = ['animationstart', 'transitionrun'] as const;
    for (const type of events) document.addEventListener(type, finite, true);
    state.stop = () => {
      for (const type of events) document.removeEventListener(type, finite, true);
    };
    scope.__axeMotion = state;
  });
}

/** Whether anything moved since watchMotion, or still moves; stops watching. */
async function movedMeanwhile(page: Page): Promise<boolean> {
  const moved = await page.evaluate(() => {
    const scope = window as unknown as { __axeMotion?: { moved: boolean; stop: () => void } };
    const state = scope.__axeMotion;
    state?.stop();
    delete scope.__axeMotion;
    return state?.moved ?? false;
  });
  return moved || (await moving(page)) > 0;
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
  for (let analysis = 1; results === null; analysis++) {
    await settle(page);
    await watchMotion(page);
    const builder = new AxeBuilder({ page });
    const judged = await (include ? builder.include(include) : builder).analyze();
    const moved = await movedMeanwhile(page);
    if (!moved) results = judged;
    else if (analysis === ANALYSES) throw new Error(`axe: the page moved during each of ${ANALYSES} analyses`);
  }
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
